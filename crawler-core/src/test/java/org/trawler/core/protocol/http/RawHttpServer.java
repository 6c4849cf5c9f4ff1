package org.trawler.core.protocol.http;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server on 127.0.0.1 that answers every connection with a script writing raw bytes: for the
 * responses no well-behaved server library would send (bad status lines, header floods, resets,
 * silence, dripping bodies).
 */
final class RawHttpServer implements Closeable {

  /** Serves one connection after its request head has been read. */
  interface Script {
    void serve(Socket socket, String requestHead) throws Exception;
  }

  private final ServerSocket listener;
  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "test-raw-server");
            t.setDaemon(true);
            return t;
          });
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();

  private RawHttpServer(Script script) throws IOException {
    listener = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
    threads.execute(() -> acceptLoop(script));
  }

  static RawHttpServer start(Script script) throws IOException {
    return new RawHttpServer(script);
  }

  String url(String path) {
    return "http://127.0.0.1:" + listener.getLocalPort() + path;
  }

  int connections() {
    return connections.get();
  }

  private void acceptLoop(Script script) {
    while (!listener.isClosed()) {
      try {
        Socket socket = listener.accept();
        sockets.add(socket);
        connections.incrementAndGet();
        threads.execute(
            () -> {
              try (Socket s = socket) {
                script.serve(s, readHead(s.getInputStream()));
              } catch (Exception e) {
                // The client hung up or the test ended: nothing to do.
              }
            });
      } catch (IOException e) {
        return;
      }
    }
  }

  /** The request line and headers, up to the blank line (at most 64 KB). */
  static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    int b;
    while (matched < 4 && head.size() < 65536 && (b = in.read()) >= 0) {
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  static void write(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
    socket.getOutputStream().flush();
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket s : sockets) {
      s.close();
    }
    threads.shutdownNow();
  }
}
