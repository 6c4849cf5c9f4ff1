package org.trawler.core.protocol.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.zip.ZipException;
import javax.net.ssl.SSLException;
import org.apache.hc.client5.http.ClientProtocolException;
import org.apache.hc.client5.http.utils.DateUtils;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.MalformedChunkCodingException;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;

/** Which HTTP answer or network failure becomes which fetch status, and with which reason. */
final class StatusMapping {
  /** A hostile server's status line can end up in an exception message: keep _pst_ short. */
  private static final int MAX_MESSAGE = 200;

  private StatusMapping() {}

  /** 301, 302, 303, 307, 308: a redirect to follow or record. */
  static boolean isRedirect(int code) {
    return code == 301 || code == 302 || code == 303 || code == 307 || code == 308;
  }

  /** 301 and 308 are fetch_redir_perm; 302, 303 and 307 fetch_redir_temp. */
  static boolean isPermanentRedirect(int code) {
    return code == 301 || code == 308;
  }

  /**
   * The outcome of an answer that is neither 2xx, nor 304, nor a followed redirect: 429 and 503 are
   * retried after the server's Retry-After, other 5xx retried, 4xx and 3xx gone.
   */
  static ProtocolOutput forFailure(int code, String retryAfter, long nowMillis, long capMillis) {
    if (code == 429 || code == 503) {
      return ProtocolOutput.retry(
          code, Reason.HTTP, "", retryAfterMillis(retryAfter, nowMillis, capMillis));
    }
    if (code >= 500 && code < 600) {
      return ProtocolOutput.retry(code, Reason.HTTP, "", -1);
    }
    if (code >= 300 && code < 500) {
      return ProtocolOutput.gone(code, Reason.HTTP, code < 400 ? "no usable Location" : "");
    }
    return ProtocolOutput.retry(code, Reason.PROTOCOL_ERROR, "unexpected status " + code, -1);
  }

  /**
   * Retry-After in ms: delta-seconds or an HTTP-date, never negative, at most {@code capMillis}
   * (when that is &ge; 0); -1 when absent or unreadable.
   */
  static long retryAfterMillis(String value, long nowMillis, long capMillis) {
    if (value == null || value.isBlank()) {
      return -1;
    }
    long millis;
    String v = value.trim();
    if (v.matches("\\d{1,18}")) {
      long seconds = Long.parseLong(v);
      millis = seconds > Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : seconds * 1000;
    } else {
      Instant when = DateUtils.parseStandardDate(v);
      if (when == null) {
        return -1;
      }
      millis = Math.max(0, when.toEpochMilli() - nowMillis);
    }
    return capMillis >= 0 ? Math.min(millis, capMillis) : millis;
  }

  /**
   * The outcome of a fetch that failed with {@code e}; {@code deadlineExpired} wins over any cause.
   */
  static ProtocolOutput forException(IOException e, boolean deadlineExpired) {
    String message = describe(e);
    if (deadlineExpired || e instanceof DeadlineExceededException) {
      return ProtocolOutput.retry(0, Reason.DEADLINE_EXCEEDED, message, -1);
    }
    if (e instanceof AddressDeniedException) {
      return ProtocolOutput.gone(0, Reason.ADDRESS_DENIED, message);
    }
    if (e instanceof UnknownHostException) {
      return ProtocolOutput.retry(0, Reason.DNS_FAILURE, message, -1);
    }
    Throwable sslCause = e instanceof SSLException ? e.getCause() : null;
    if (sslCause instanceof IOException && !(sslCause instanceof SSLException)) {
      // A network failure surfacing during the TLS handshake: the network failure is the reason.
      return forException((IOException) sslCause, false);
    }
    if (e instanceof SSLException) {
      return ProtocolOutput.gone(0, Reason.TLS_ERROR, message);
    }
    if (isMalformedResponse(e)) {
      return ProtocolOutput.retry(0, Reason.PROTOCOL_ERROR, message, -1);
    }
    if (e instanceof InterruptedIOException) {
      return ProtocolOutput.retry(0, Reason.TIMEOUT, message, -1);
    }
    if (e instanceof ConnectException) {
      return ProtocolOutput.retry(0, Reason.CONNECTION_REFUSED, message, -1);
    }
    if (e instanceof NoRouteToHostException || e instanceof PortUnreachableException) {
      return ProtocolOutput.retry(0, Reason.HOST_UNREACHABLE, message, -1);
    }
    if (e instanceof SocketException) {
      return ProtocolOutput.retry(0, Reason.CONNECTION_RESET, message, -1);
    }
    return ProtocolOutput.retry(0, Reason.IO_ERROR, message, -1);
  }

  private static boolean isMalformedResponse(IOException e) {
    return e instanceof ClientProtocolException
        || e instanceof MessageConstraintException
        || e instanceof NoHttpResponseException
        || e instanceof MalformedChunkCodingException
        || e instanceof ConnectionClosedException
        || e instanceof ZipException
        || e instanceof EOFException;
  }

  /** One line: the exception's simple name and message, with the root cause's when it differs. */
  private static String describe(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String line =
        e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "");
    if (root != e && root.getMessage() != null && !line.contains(root.getMessage())) {
      line += " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
    }
    line = line.replaceAll("\\s+", " ");
    return line.length() <= MAX_MESSAGE ? line : line.substring(0, MAX_MESSAGE) + "...";
  }
}
