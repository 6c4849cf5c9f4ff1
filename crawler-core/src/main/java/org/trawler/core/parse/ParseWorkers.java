package org.trawler.core.parse;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;

/**
 * Runs every parse, whatever its parser, in a worker thread under parser.timeout. A parse that
 * overruns is abandoned: its thread is interrupted and left to finish alone (PDF and Office parsers
 * and runaway regular expressions ignore interrupts, NUTCH-2316), a daemon so that it cannot keep
 * the task's JVM alive, and counted; the page fails with reason parse_timeout at the limit. Without
 * a timeout (0) the parse runs in the calling thread. Thread-safe.
 */
final class ParseWorkers implements AutoCloseable {
  private final long timeoutMillis;
  private final Signature signature;
  private final ExecutorService workers;
  private final AtomicLong abandoned = new AtomicLong();
  private final AtomicInteger running = new AtomicInteger();

  ParseWorkers(long timeoutMillis, Signature signature) {
    this.timeoutMillis = timeoutMillis;
    this.signature = signature;
    AtomicInteger count = new AtomicInteger();
    this.workers =
        timeoutMillis > 0
            ? Executors.newCachedThreadPool(
                r -> {
                  Thread t = new Thread(r, "parse-" + count.incrementAndGet());
                  t.setDaemon(true);
                  return t;
                })
            : null;
  }

  /** {@code parser}'s result for {@code content}, or a failure when it throws or overruns. */
  ParseResult parse(Parser parser, Content content, String mimeType) {
    if (workers == null) {
      try {
        return parser.parse(content, mimeType);
      } catch (RuntimeException | StackOverflowError e) {
        return failed(content, ParseReason.PARSER_ERROR, e.toString());
      }
    }
    Future<ParseResult> task =
        workers.submit(
            () -> {
              running.incrementAndGet();
              try {
                return parser.parse(content, mimeType);
              } finally {
                running.decrementAndGet();
              }
            });
    try {
      return task.get(timeoutMillis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      task.cancel(true);
      abandoned.incrementAndGet();
      return failed(
          content,
          ParseReason.PARSE_TIMEOUT,
          "parse took longer than "
              + timeoutMillis / 1000
              + " s ("
              + ParseKeys.TIMEOUT
              + "); its thread was abandoned");
    } catch (ExecutionException e) {
      return failed(content, ParseReason.PARSER_ERROR, String.valueOf(e.getCause()));
    } catch (InterruptedException e) {
      task.cancel(true);
      Thread.currentThread().interrupt();
      return failed(content, ParseReason.PARSER_ERROR, "parse interrupted");
    }
  }

  /** Parses abandoned at the time limit so far. */
  long abandoned() {
    return abandoned.get();
  }

  /** Parse threads running now, abandoned ones that have not finished yet included. */
  int running() {
    return running.get();
  }

  private ParseResult failed(Content content, ParseReason reason, String message) {
    return Parsers.unparsedResult(content, ParseData.FAILED, reason, message, signature);
  }

  @Override
  public void close() {
    if (workers != null) {
      workers.shutdownNow();
    }
  }
}
