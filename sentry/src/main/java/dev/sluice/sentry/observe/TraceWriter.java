package dev.sluice.sentry.observe;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Writes a Chrome/Perfetto trace file in the Trace Event Format's JSON Object Format:
 *
 * <pre>{@code
 * {"traceEvents":[...],"displayTimeUnit":"ns","otherData":{"tool":"sluice","dropped":0}}
 * }</pre>
 *
 * The file opens in {@code ui.perfetto.dev} and {@code chrome://tracing}. Complete events ({@code
 * "ph":"X"}) carry {@code ts} and {@code dur} in microseconds, as the format requires, written with
 * three decimals so nanoseconds survive exactly; {@code ts} counts from when the writer was opened.
 *
 * <p>Threading: many sentry worker threads call {@link #complete} concurrently. They only build an
 * immutable event and put it on a bounded queue ({@value #DEFAULT_CAPACITY} events); one daemon
 * thread drains the queue and streams JSON to a buffered file, so no caller ever waits on disk I/O
 * unless the queue is full. When it is full, callers block until the writer catches up: tracing
 * slows the sandbox down rather than lying about it.
 *
 * <p>Events are dropped, and counted in {@code otherData.dropped} and {@link #dropped()}, only when
 * they cannot be written at all: the calling thread was interrupted while waiting for queue space,
 * the file failed to write (then {@link #close()} throws the error), or the event arrived after
 * {@link #close()} (those are counted by {@link #dropped()} only, since the file is finished).
 *
 * <p>Lock ordering: callers hold the read side of {@code closeLock} across the closed check and the
 * enqueue, so {@link #close()} (write side) knows that no event can land behind its end marker. The
 * writer thread takes no lock.
 */
public final class TraceWriter implements AutoCloseable {

    /** Queue capacity: about 64 Ki small events, a few MiB of heap at most. */
    public static final int DEFAULT_CAPACITY = 1 << 16;

    private static final JsonFactory JSON = new JsonFactory();
    private static final AtomicInteger WRITER_IDS = new AtomicInteger();

    /** Events taken off the queue per wake-up of the writer thread. */
    private static final int BATCH = 1024;

    /** How long the writer waits after waking; far below what would fill the queue. */
    private static final long LINGER_NANOS = 200_000;

    private final long originNanos = System.nanoTime();
    private final BlockingQueue<Event> queue;
    private final JsonGenerator out;
    private final Thread writer;
    private final AtomicLong dropped = new AtomicLong();
    private final ReentrantReadWriteLock closeLock = new ReentrantReadWriteLock();

    /** Guarded by {@code closeLock}. */
    private boolean closed;

    /** The first write error; set by the writer thread, read after joining it. */
    private volatile IOException failure;

    private boolean failureReported;

    /** An immutable trace event, built by the caller and written by the writer thread. */
    private sealed interface Event permits Complete, Metadata, End {}

    /** A {@code "ph":"X"} event; times in nanoseconds, relative and clamped already. */
    private record Complete(
            String name,
            String cat,
            long tsNanos,
            long durNanos,
            int pid,
            int tid,
            Map<String, Object> args)
            implements Event {}

    /** A {@code "ph":"M"} event naming a process or a thread. */
    private record Metadata(String name, int pid, int tid, String value) implements Event {}

    /** The end marker {@link #close()} enqueues; the writer finishes the file when it sees it. */
    private record End() implements Event {}

    private TraceWriter(Path path, int capacity) throws IOException {
        this.queue = new ArrayBlockingQueue<>(capacity);
        OutputStream os = new BufferedOutputStream(Files.newOutputStream(path), 1 << 16);
        try {
            this.out = JSON.createGenerator(os, JsonEncoding.UTF8);
            // Written now, on the caller's thread, so that a path we cannot write fails open().
            out.writeStartObject();
            out.writeArrayFieldStart("traceEvents");
        } catch (IOException | RuntimeException e) {
            os.close();
            throw e;
        }
        this.writer =
                new Thread(this::drain, "sluice-trace-writer-" + WRITER_IDS.incrementAndGet());
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Creates (or truncates) {@code path} and starts the writer thread.
     *
     * @param path the trace file to write
     * @return the writer; close it to finish the file
     * @throws IOException if the file cannot be created
     */
    public static TraceWriter open(Path path) throws IOException {
        return open(path, DEFAULT_CAPACITY);
    }

    /** As {@link #open(Path)}, with a chosen queue capacity; small ones let tests fill it. */
    static TraceWriter open(Path path, int capacity) throws IOException {
        Objects.requireNonNull(path, "path");
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        return new TraceWriter(path, capacity);
    }

    /**
     * Records a complete ({@code "ph":"X"}) event. Blocks while the queue is full.
     *
     * @param name the event name shown on the slice, e.g. {@code NV_ESC_RM_ALLOC}
     * @param category a comma-separated category list, e.g. {@code ioctl,nvidiactl}
     * @param startNanos a {@link System#nanoTime()} value; starts before {@link #open} are clamped
     *     to the file's time 0
     * @param durationNanos how long it took; negative values are clamped to 0
     * @param pid the process it belongs to (the guest pid, for a trapped call)
     * @param tid the thread it belongs to
     * @param args extra fields; numbers, booleans, strings, maps and collections keep their JSON
     *     type, anything else is written as its {@code toString()}; copied now, so later changes to
     *     it do not show; may be null
     */
    public void complete(
            String name,
            String category,
            long startNanos,
            long durationNanos,
            int pid,
            int tid,
            Map<String, ?> args) {
        // Subtract first: nanoTime values may be negative, only their differences mean anything.
        long ts = Math.max(0L, startNanos - originNanos);
        long dur = Math.max(0L, durationNanos);
        enqueue(
                new Complete(
                        Objects.requireNonNull(name, "name"),
                        Objects.requireNonNull(category, "category"),
                        ts,
                        dur,
                        pid,
                        tid,
                        snapshot(args)));
    }

    /** Records a {@code process_name} metadata event, which labels the pid's track. */
    public void processName(int pid, String name) {
        enqueue(new Metadata("process_name", pid, 0, Objects.requireNonNull(name, "name")));
    }

    /** Records a {@code thread_name} metadata event, which labels the tid's track. */
    public void threadName(int pid, int tid, String name) {
        enqueue(new Metadata("thread_name", pid, tid, Objects.requireNonNull(name, "name")));
    }

    /** Returns how many events were not written: see the class comment for when that happens. */
    public long dropped() {
        return dropped.get();
    }

    /**
     * Writes every queued event, finishes the JSON and closes the file. Idempotent: later calls
     * wait for the first one to finish, then return quietly.
     *
     * @throws IOException the first write error, if the file could not be written completely
     *     (reported once)
     */
    @Override
    public void close() throws IOException {
        boolean first;
        closeLock.writeLock().lock();
        try {
            first = !closed;
            closed = true;
        } finally {
            closeLock.writeLock().unlock();
        }
        if (first) {
            putUninterruptibly(new End());
        }
        joinUninterruptibly();
        synchronized (this) {
            IOException f = failure;
            if (f != null && !failureReported) {
                failureReported = true;
                throw f;
            }
        }
    }

    private void enqueue(Event e) {
        closeLock.readLock().lock();
        try {
            if (closed) {
                dropped.incrementAndGet();
                return;
            }
            queue.put(e);
        } catch (InterruptedException ie) {
            // The caller is being cancelled; giving up the event beats ignoring the interrupt.
            dropped.incrementAndGet();
            Thread.currentThread().interrupt();
        } finally {
            closeLock.readLock().unlock();
        }
    }

    /** The writer thread: drains the queue until the end marker, then finishes the file. */
    private void drain() {
        List<Event> batch = new ArrayList<>(BATCH);
        while (true) {
            if (queue.drainTo(batch, BATCH) == 0) {
                try {
                    batch.add(queue.take());
                } catch (InterruptedException ie) {
                    // Nobody should interrupt this thread; stopping would block callers forever.
                    continue;
                }
                // Woken by the first event after a lull: let more arrive before writing, so a busy
                // sandbox costs one wake-up per batch instead of one context switch per event.
                LockSupport.parkNanos(LINGER_NANOS);
                queue.drainTo(batch, BATCH - 1);
            }
            for (Event e : batch) {
                if (e instanceof End) {
                    finish();
                    return;
                }
                if (failure != null) {
                    // Keep draining after a write error so callers never block on a full queue.
                    dropped.incrementAndGet();
                    continue;
                }
                try {
                    write(e);
                } catch (IOException | RuntimeException ex) {
                    failure =
                            ex instanceof IOException io
                                    ? io
                                    : new IOException("trace write failed", ex);
                    dropped.incrementAndGet();
                }
            }
            batch.clear();
        }
    }

    private void write(Event e) throws IOException {
        if (e instanceof Complete c) {
            out.writeStartObject();
            out.writeStringField("name", c.name());
            out.writeStringField("cat", c.cat());
            out.writeStringField("ph", "X");
            out.writeFieldName("ts");
            out.writeNumber(micros(c.tsNanos()));
            out.writeFieldName("dur");
            out.writeNumber(micros(c.durNanos()));
            out.writeNumberField("pid", c.pid());
            out.writeNumberField("tid", c.tid());
            out.writeFieldName("args");
            writeValue(c.args());
            out.writeEndObject();
        } else if (e instanceof Metadata m) {
            out.writeStartObject();
            out.writeStringField("name", m.name());
            out.writeStringField("cat", "__metadata");
            out.writeStringField("ph", "M");
            out.writeNumberField("ts", 0);
            out.writeNumberField("pid", m.pid());
            out.writeNumberField("tid", m.tid());
            out.writeObjectFieldStart("args");
            out.writeStringField("name", m.value());
            out.writeEndObject();
            out.writeEndObject();
        }
    }

    /**
     * Formats non-negative nanoseconds as microseconds with exactly three decimals, e.g. {@code
     * 1234567 -> "1234.567"}. Exact where a double would round, and several times faster than
     * {@code Double.toString}, which made the single writer thread the bottleneck.
     */
    static String micros(long nanos) {
        long whole = nanos / 1000;
        int frac = (int) (nanos % 1000);
        StringBuilder sb = new StringBuilder(24).append(whole).append('.');
        if (frac < 100) {
            sb.append('0');
        }
        if (frac < 10) {
            sb.append('0');
        }
        return sb.append(frac).toString();
    }

    /** Writes a value already reduced by {@link #snapshot} to JSON types. */
    private void writeValue(Object v) throws IOException {
        if (v == null) {
            out.writeNull();
        } else if (v instanceof String s) {
            out.writeString(s);
        } else if (v instanceof Boolean b) {
            out.writeBoolean(b);
        } else if (v instanceof Long l) {
            out.writeNumber(l);
        } else if (v instanceof Double d) {
            out.writeNumber(d);
        } else if (v instanceof BigInteger bi) {
            out.writeNumber(bi);
        } else if (v instanceof BigDecimal bd) {
            out.writeNumber(bd);
        } else if (v instanceof Map<?, ?> m) {
            out.writeStartObject();
            for (Map.Entry<?, ?> en : m.entrySet()) {
                out.writeFieldName((String) en.getKey());
                writeValue(en.getValue());
            }
            out.writeEndObject();
        } else if (v instanceof List<?> list) {
            out.writeStartArray();
            for (Object o : list) {
                writeValue(o);
            }
            out.writeEndArray();
        } else {
            out.writeString(v.toString());
        }
    }

    /** Ends the arrays and objects and closes the file; records the first error. */
    private void finish() {
        try {
            if (failure == null) {
                out.writeEndArray();
                out.writeStringField("displayTimeUnit", "ns");
                out.writeObjectFieldStart("otherData");
                out.writeStringField("tool", "sluice");
                // Events enqueued after close() are counted later and cannot be in the file.
                out.writeNumberField("dropped", dropped.get());
                out.writeEndObject();
                out.writeEndObject();
            }
        } catch (IOException | RuntimeException ex) {
            failure = ex instanceof IOException io ? io : new IOException("trace write failed", ex);
        } finally {
            try {
                out.close(); // Closes the buffered stream and the file with it.
            } catch (IOException | RuntimeException ex) {
                if (failure == null) {
                    failure =
                            ex instanceof IOException io
                                    ? io
                                    : new IOException("trace close failed", ex);
                }
            }
        }
    }

    /**
     * Copies args into plain JSON types on the caller's thread, so the writer never calls into
     * caller objects (whose {@code toString()} could throw, or change after the call).
     */
    private static Map<String, Object> snapshot(Map<String, ?> args) {
        if (args == null || args.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> copy = new LinkedHashMap<>(args.size() * 2);
        for (Map.Entry<String, ?> en : args.entrySet()) {
            copy.put(String.valueOf(en.getKey()), plain(en.getValue(), 0));
        }
        return Collections.unmodifiableMap(copy);
    }

    private static Object plain(Object v, int depth) {
        if (v == null
                || v instanceof String
                || v instanceof Boolean
                || v instanceof BigInteger
                || v instanceof BigDecimal) {
            return v;
        }
        if (v instanceof Integer
                || v instanceof Long
                || v instanceof Short
                || v instanceof Byte
                || v instanceof AtomicInteger
                || v instanceof AtomicLong) {
            return ((Number) v).longValue();
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        // The depth limit only guards against a map that contains itself.
        if (depth < 8 && v instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>(m.size() * 2);
            for (Map.Entry<?, ?> en : m.entrySet()) {
                copy.put(String.valueOf(en.getKey()), plain(en.getValue(), depth + 1));
            }
            return Collections.unmodifiableMap(copy);
        }
        if (depth < 8 && v instanceof Collection<?> c) {
            List<Object> copy = new ArrayList<>(c.size());
            for (Object o : c) {
                copy.add(plain(o, depth + 1));
            }
            return Collections.unmodifiableList(copy);
        }
        return String.valueOf(v);
    }

    private void putUninterruptibly(Event e) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    queue.put(e);
                    return;
                } catch (InterruptedException ie) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void joinUninterruptibly() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    writer.join();
                    return;
                } catch (InterruptedException ie) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
