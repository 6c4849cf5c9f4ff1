package org.trawler.core.parse;

/** A parse filter that adds a field, then throws on every page whose text mentions "boom". */
public class ThrowingFilter implements ParseFilter {
  @Override
  public void filter(ParsedPage page) {
    page.put("seen", "yes");
    if (page.text().contains("boom")) {
      throw new IllegalStateException("cannot read " + page.url());
    }
    page.setText(page.text().toUpperCase(java.util.Locale.ROOT));
  }
}
