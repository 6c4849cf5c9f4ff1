package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class ResidentMemoryTest {

  @Test
  public void thePeakIsTheVmHwmLineInBytes() {
    String status = "Name:\tjava\nVmPeak:\t 8065972 kB\nVmHWM:\t  398660 kB\nVmRSS:\t  301234 kB\n";
    assertEquals(398660L * 1024, ResidentMemory.vmHwmBytes(status));
  }

  @Test
  public void aStatusWithoutVmHwmHasNoPeak() {
    assertEquals(-1, ResidentMemory.vmHwmBytes("Name:\tjava\n"));
  }
}
