package org.trawler.jobs;

import java.util.function.Supplier;

/** One command of bin/crawl: its name, what it does in one line, and how to make its tool. */
public record Command(String name, String description, Supplier<? extends CrawlTool> tool) {}
