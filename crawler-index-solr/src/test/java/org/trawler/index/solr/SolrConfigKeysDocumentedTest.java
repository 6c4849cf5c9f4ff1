package org.trawler.index.solr;

import org.trawler.jobs.ConfigKeysDocumentedTest;

/**
 * crawler-jobs' check of every Keys class, run where SolrKeys is on the classpath (crawler-jobs'
 * own run cannot see this module): each key in trawler-default.xml with its default, and this
 * module's main code naming keys only through SolrKeys.
 */
public class SolrConfigKeysDocumentedTest extends ConfigKeysDocumentedTest {}
