package org.trawler.index.opensearch;

/** What the OpenSearch writer counts in the index job's counters. */
public enum OpenSearchCounter {
  /** Adds and deletes the cluster accepted. */
  ITEMS_ACCEPTED,
  /** Adds the cluster rejected for good (a mapping error): logged with the URL, not retried. */
  ITEMS_REJECTED,
  /** Bulk requests, or the busy or failed items of one, sent again after a pause. */
  BULK_RETRIES
}
