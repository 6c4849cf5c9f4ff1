package org.trawler.core.protocol.http;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpRequestInterceptor;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.HttpResponseInterceptor;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.ProtocolVersion;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.trawler.core.datum.HttpTranscript;

/**
 * Captures one request's heads as they go over the wire. HttpClient runs its interceptors added
 * last after its own (Host, User-Agent, Accept-Encoding are set by then) and, for the response,
 * before content decoding removes Content-Encoding and Content-Length: so the request head is what
 * was sent, the response head what was received.
 */
final class WireCapture {
  /** The context attribute the interceptors find the capture under. */
  static final String ATTRIBUTE = "trawler.wire";

  private long requestTime;
  private byte[] requestHead;
  private byte[] responseHead;
  private String ipAddress = "";

  /** Snapshots the request head in its final form; added last to the client's interceptors. */
  static final HttpRequestInterceptor REQUEST =
      (HttpRequest request, org.apache.hc.core5.http.EntityDetails entity, HttpContext context) -> {
        if (context.getAttribute(ATTRIBUTE) instanceof WireCapture capture) {
          capture.request(request, context.getProtocolVersion(), System.currentTimeMillis());
        }
      };

  /** Snapshots the response head before decoding, and the address connected to. */
  static final HttpResponseInterceptor RESPONSE =
      (HttpResponse response,
          org.apache.hc.core5.http.EntityDetails entity,
          HttpContext context) -> {
        if (context.getAttribute(ATTRIBUTE) instanceof WireCapture capture) {
          EndpointDetails endpoint =
              context instanceof HttpCoreContext core ? core.getEndpointDetails() : null;
          capture.response(
              response,
              context.getProtocolVersion(),
              endpoint == null ? null : endpoint.getRemoteAddress());
        }
      };

  void request(HttpRequest request, ProtocolVersion contextVersion, long time) {
    requestTime = time;
    ProtocolVersion version = orDefault(request.getVersion(), contextVersion);
    StringBuilder head = new StringBuilder();
    head.append(request.getMethod())
        .append(' ')
        .append(request.getRequestUri())
        .append(' ')
        .append(version)
        .append("\r\n");
    appendFields(head, request.getHeaders());
    requestHead = head.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  void response(HttpResponse response, ProtocolVersion contextVersion, SocketAddress remote) {
    ProtocolVersion version = orDefault(response.getVersion(), contextVersion);
    StringBuilder head = new StringBuilder();
    head.append(version).append(' ').append(response.getCode());
    String reason = response.getReasonPhrase();
    head.append(' ').append(reason == null ? "" : reason).append("\r\n");
    appendFields(head, response.getHeaders());
    responseHead = head.toString().getBytes(StandardCharsets.ISO_8859_1);
    if (remote instanceof InetSocketAddress inet && inet.getAddress() != null) {
      ipAddress = inet.getAddress().getHostAddress();
    }
  }

  /** True once a response head came back: only then was anything exchanged worth keeping. */
  boolean hasResponse() {
    return requestHead != null && responseHead != null;
  }

  /** The exchange, with the body as given. */
  HttpTranscript.Exchange exchange(
      String url,
      int statusCode,
      byte[] body,
      boolean bodyInContent,
      HttpTranscript.Truncation truncation) {
    return new HttpTranscript.Exchange(
        url,
        requestTime,
        ipAddress,
        requestHead,
        responseHead,
        statusCode,
        body,
        bodyInContent,
        truncation);
  }

  private static ProtocolVersion orDefault(ProtocolVersion version, ProtocolVersion fallback) {
    return version != null ? version : fallback != null ? fallback : HttpVersion.HTTP_1_1;
  }

  private static void appendFields(StringBuilder head, Header[] headers) {
    for (Header h : headers) {
      head.append(h.getName())
          .append(": ")
          .append(h.getValue() == null ? "" : h.getValue())
          .append("\r\n");
    }
    head.append("\r\n");
  }
}
