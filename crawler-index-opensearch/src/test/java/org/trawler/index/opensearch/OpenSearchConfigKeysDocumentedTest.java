package org.trawler.index.opensearch;

import org.trawler.jobs.ConfigKeysDocumentedTest;

/**
 * crawler-jobs' check of every Keys class, run where OpenSearchKeys is on the classpath: each key
 * in trawler-default.xml with its default, and this module's main code naming keys only through
 * OpenSearchKeys.
 */
public class OpenSearchConfigKeysDocumentedTest extends ConfigKeysDocumentedTest {}
