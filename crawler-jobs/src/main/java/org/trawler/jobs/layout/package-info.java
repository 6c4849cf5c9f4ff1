/**
 * Where a crawl directory keeps its databases ({@link org.trawler.jobs.layout.CrawlDir}), below the
 * round driver ({@code crawl}) and the jobs that run on their own on a crawl directory ({@code
 * rank}), so the driver may run them without a cycle between the packages.
 */
package org.trawler.jobs.layout;
