package org.trawler.core.protocol;

import java.util.Objects;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HttpTranscript;

/**
 * The outcome of one fetch: a fetch status of {@link CrawlStatus} (fetch_*), its {@link Reason}
 * (named e.g. {@code ok}, {@code http_404}, {@code timeout}, {@code robots_denied}), and what came
 * back.
 */
public final class ProtocolOutput {
  private final CrawlStatus status;
  private final Reason reason;
  private final int httpCode;
  private final String message;
  private final Content content;
  private final String redirectTarget;
  private final long retryAfterMillis;
  private HttpTranscript transcript;

  private ProtocolOutput(
      CrawlStatus status,
      Reason reason,
      int httpCode,
      String message,
      Content content,
      String redirectTarget,
      long retryAfterMillis) {
    this.status = status;
    this.reason = Objects.requireNonNull(reason, "reason");
    this.httpCode = httpCode;
    this.message = message == null ? "" : message;
    this.content = content;
    this.redirectTarget = redirectTarget;
    this.retryAfterMillis = retryAfterMillis;
  }

  /** A 2xx with its content. */
  public static ProtocolOutput success(int httpCode, Content content) {
    return new ProtocolOutput(
        CrawlStatus.FETCH_SUCCESS, Reason.OK, httpCode, "", content, null, -1);
  }

  /** A 304 answer to a conditional GET. */
  public static ProtocolOutput notModified() {
    return new ProtocolOutput(
        CrawlStatus.FETCH_NOTMODIFIED, Reason.NOT_MODIFIED, 304, "", null, null, -1);
  }

  /**
   * A redirect not followed inline: fetch_redir_perm or fetch_redir_temp with its target; reason
   * http_&lt;code&gt;.
   */
  public static ProtocolOutput redirect(boolean permanent, int httpCode, String target) {
    return new ProtocolOutput(
        permanent ? CrawlStatus.FETCH_REDIR_PERM : CrawlStatus.FETCH_REDIR_TEMP,
        Reason.HTTP,
        httpCode,
        "",
        null,
        target,
        -1);
  }

  /** A permanent failure (fetch_gone). */
  public static ProtocolOutput gone(int httpCode, Reason reason, String message) {
    return new ProtocolOutput(CrawlStatus.FETCH_GONE, reason, httpCode, message, null, null, -1);
  }

  /**
   * A transient failure (fetch_retry); {@code retryAfterMillis} is the server's Retry-After or -1.
   */
  public static ProtocolOutput retry(
      int httpCode, Reason reason, String message, long retryAfterMillis) {
    return new ProtocolOutput(
        CrawlStatus.FETCH_RETRY, reason, httpCode, message, null, null, retryAfterMillis);
  }

  public CrawlStatus getStatus() {
    return status;
  }

  /** The reason's name as stored and counted: {@code ok}, {@code http_404}, ... */
  public String getReasonName() {
    return reason.nameFor(httpCode);
  }

  /** The HTTP status code, or 0 when no response came. */
  public int getHttpCode() {
    return httpCode;
  }

  public String getMessage() {
    return message;
  }

  /** The fetched content (success only), else null. */
  public Content getContent() {
    return content;
  }

  /** The redirect target (redirect statuses only), else null. */
  public String getRedirectTarget() {
    return redirectTarget;
  }

  /** How long the server asked us to wait (429/503 Retry-After), or -1. */
  public long getRetryAfterMillis() {
    return retryAfterMillis;
  }

  /**
   * What went over the wire (fetcher.store.http.headers), or null: not recorded, or nothing was
   * exchanged (refused address, no connection).
   */
  public HttpTranscript getTranscript() {
    return transcript;
  }

  /** Attaches what went over the wire; the protocol calls it once, before handing this out. */
  public ProtocolOutput withTranscript(HttpTranscript transcript) {
    this.transcript = transcript;
    return this;
  }

  /**
   * The same outcome (status, code, content, transcript) with another reason: a fetched page the
   * fetcher could not render keeps its fetch_success and says why.
   */
  public ProtocolOutput withReason(Reason reason, String message) {
    return new ProtocolOutput(
            status, reason, httpCode, message, content, redirectTarget, retryAfterMillis)
        .withTranscript(transcript);
  }

  /**
   * The reason name in a "code reason message" _pst_ value ({@link #toProtocolStatus}), or null.
   */
  public static String reasonOf(String protocolStatus) {
    if (protocolStatus == null) {
      return null;
    }
    String[] words = protocolStatus.split(" ", 3);
    return words.length < 2 ? null : words[1];
  }

  /** The value stored in the datum's _pst_ metadata: "code reason message". */
  public String toProtocolStatus() {
    return httpCode + " " + getReasonName() + (message.isEmpty() ? "" : " " + message);
  }

  @Override
  public String toString() {
    return status.label()
        + " "
        + toProtocolStatus()
        + (redirectTarget != null ? " -> " + redirectTarget : "");
  }
}
