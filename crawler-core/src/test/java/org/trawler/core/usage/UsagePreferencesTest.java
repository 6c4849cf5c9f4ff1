package org.trawler.core.usage;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.Test;

public class UsagePreferencesTest {
  private final List<UsagePreferences.Noted> notes = new ArrayList<>();

  @Test
  public void contentSignalKeysMapToUsageFields() {
    assertEquals(
        Map.of(UsageField.SEARCH, "yes", UsageField.AI_TRAIN, "no", UsageField.AI_INPUT, "no"),
        UsagePreferences.read("search=yes, ai-train=no,ai-input=NO, use=reference", notes));
    assertEquals(List.of(), notes);
  }

  @Test
  public void contentUsageTakesYAndNAndStructuredFieldParameters() {
    assertEquals(
        Map.of(UsageField.AI_TRAIN, "no", UsageField.SEARCH, "yes"),
        UsagePreferences.read("train-ai=n;reason=\"x\", search=y", notes));
  }

  @Test
  public void generativeTrainingNoIsATrainingNoAndSpecificKeysBeatBots() {
    assertEquals(Map.of(UsageField.AI_TRAIN, "no"), UsagePreferences.read("train-genai=n", notes));
    assertEquals(Map.of(), UsagePreferences.read("train-genai=y", notes));
    assertEquals(
        Map.of(UsageField.SEARCH, "yes", UsageField.AI_TRAIN, "no", UsageField.AI_INPUT, "no"),
        UsagePreferences.read("bots=n, search=y", notes));
  }

  @Test
  public void unknownKeysAndBadValuesAreNotedAndSkipped() {
    assertEquals(
        Map.of(UsageField.SEARCH, "no"),
        UsagePreferences.read("ai-train=maybe, fly=yes, search=no, ai-input", notes));
    assertEquals(
        List.of(
            new UsagePreferences.Noted(UsageNote.MALFORMED_SIGNAL, "ai-train=maybe"),
            new UsagePreferences.Noted(UsageNote.UNKNOWN_SIGNAL_KEY, "fly=yes"),
            new UsagePreferences.Noted(UsageNote.MALFORMED_SIGNAL, "ai-input")),
        notes);
  }
}
