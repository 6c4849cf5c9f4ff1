package org.trawler.simweb.web;

/**
 * One request the broad web answered, as its server logged it.
 *
 * @param host the host name asked (from the Host header, lower case, without the port)
 * @param target the path and query asked
 * @param status the status answered (0: the client went away first)
 * @param kind what the site model says the URL is
 * @param page the real page it is or copies (global id), or -1
 * @param atMillis when it arrived, milliseconds since the server started
 */
public record WebRequest(
    String host, String target, int status, UrlKind kind, int page, long atMillis) {

  /** A 429 or 503 of the host's rate rule: the request got nothing. */
  public boolean refused() {
    return status == 429 || status == 503;
  }
}
