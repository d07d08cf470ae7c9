package dev.sluice.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The harness of the end-to-end suites: runs the assembled {@code bin/sluice} as a child process,
 * captures its stdout and stderr in full, and bounds every run with a timeout.
 *
 * <p>Arguments are given as {@code Object...} parts, each a {@code String} or a collection of
 * strings, so that a guest command can be spliced in: {@code Sluice.run("run", "--proxy", "pty",
 * "--", Sluice.guest("deny"))}.
 */
final class Sluice {

    /** The default bound on one run of {@code bin/sluice}. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private static final Pattern KEY_VALUE =
            Pattern.compile("(?<![\\w.-])([a-z][a-z0-9_]*)=(\\S*)");
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w$.]+\\(");

    private Sluice() {}

    // ---- locations ---------------------------------------------------------------------------

    /**
     * The repository root: {@code -Dsluice.root}, else the nearest ancestor of user.dir with
     * bin/sluice.
     */
    static Path root() {
        String prop = System.getProperty("sluice.root");
        if (prop != null
                && !prop.isBlank()
                && Files.isRegularFile(Path.of(prop, "bin", "sluice"))) {
            return Path.of(prop).toAbsolutePath().normalize();
        }
        for (Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath();
                p != null;
                p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("bin/sluice"))
                    && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p.normalize();
            }
        }
        return Path.of("/work/main");
    }

    /** The assembled launcher; fails (not skips) when the build did not produce it. */
    static Path bin() {
        Path bin = root().resolve("bin/sluice");
        if (!Files.isExecutable(bin)) {
            throw new AssertionError(
                    bin
                            + " is missing or not executable: build it first with `mvn install -DskipTests`");
        }
        return bin;
    }

    /** The static guest program, built by the e2e module's process-test-classes phase. */
    static Path guestBinary() {
        return guestBinary("sluice-testguest");
    }

    /**
     * One of the e2e module's guest programs (src/test/c/Makefile), by name; fails when it was not
     * built.
     */
    static Path guestBinary(String name) {
        String prop = System.getProperty("sluice.guests");
        Path dir =
                prop != null && !prop.isBlank()
                        ? Path.of(prop)
                        : root().resolve("src/test/target/guests");
        Path g = dir.resolve(name).toAbsolutePath().normalize();
        if (!Files.isExecutable(g)) {
            throw new AssertionError(
                    g
                            + " is missing: build it with `make -C src/test/c OUT="
                            + dir.toAbsolutePath()
                            + "`");
        }
        return g;
    }

    /** The full guest command: the absolute path of sluice-testguest followed by {@code args}. */
    static List<String> guest(String... args) {
        return guestCommand("sluice-testguest", args);
    }

    /** The guest program {@code name} with {@code args}, as a command line. */
    static List<String> guestCommand(String name, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(guestBinary(name).toString());
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }

    /** A scratch directory on the host, outside /tmp (so that the sandbox sees it too). */
    static Path workDir() {
        Path d = root().resolve("src/test/target/e2e-work");
        try {
            Files.createDirectories(d);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return d;
    }

    /** A unique token for names that must not collide with other runs. */
    static String unique(String prefix) {
        return prefix
                + "-"
                + ProcessHandle.current().pid()
                + "-"
                + Long.toHexString(System.nanoTime());
    }

    /** Flattens {@code String} and {@code Collection<String>} parts into one argument list. */
    static List<String> args(Object... parts) {
        List<String> out = new ArrayList<>();
        for (Object p : parts) {
            if (p instanceof String s) {
                out.add(s);
            } else if (p instanceof Collection<?> c) {
                for (Object o : c) {
                    out.add((String) o);
                }
            } else {
                throw new IllegalArgumentException(
                        "argument part must be a String or a Collection<String>: " + p);
            }
        }
        return out;
    }

    // ---- running -----------------------------------------------------------------------------

    /** Runs {@code bin/sluice parts...} from the repository root with the default timeout. */
    static Result run(Object... parts) {
        return command(parts).run();
    }

    /**
     * An invocation of {@code bin/sluice parts...} to configure, then {@link Invocation#run()} or
     * {@link Invocation#start()}.
     */
    static Invocation command(Object... parts) {
        return new Invocation(args(parts));
    }

    static final class Invocation {
        private final List<String> args;
        private Path directory = root();
        private final Map<String, String> env = new LinkedHashMap<>();
        private final List<String> prefix = new ArrayList<>();
        private Duration timeout = DEFAULT_TIMEOUT;

        private Invocation(List<String> args) {
            this.args = args;
        }

        Invocation directory(Path dir) {
            this.directory = dir;
            return this;
        }

        Invocation env(String name, String value) {
            env.put(name, value);
            return this;
        }

        /**
         * Runs this command in a JVM of its own, the sentry itself for a {@code sluice run}, rather
         * than through the runtime service, whose spare sentry runs a sandbox elsewhere: for tests
         * that act on the sentry through {@link Running#pid}.
         */
        Invocation ownJvm() {
            return env("SLUICE_SERVICE", "0");
        }

        /**
         * Injects test faults into this run's sentry and netdev moves: {@code SLUICE_TEST_FAULTS}
         * (syntax in {@code dev.sluice.sentry.faults.TestFaults}), e.g. {@code "stall-ms=3000"}.
         */
        Invocation faults(String spec) {
            return env("SLUICE_TEST_FAULTS", spec);
        }

        Invocation timeout(Duration t) {
            this.timeout = t;
            return this;
        }

        /**
         * Runs {@code bin/sluice} under {@code wrapper} (a command that runs the rest of its
         * arguments, such as {@code unshare --pid --fork --}); {@link Running#pid} is then the
         * wrapper's.
         */
        Invocation wrappedIn(String... wrapper) {
            prefix.addAll(Arrays.asList(wrapper));
            return this;
        }

        /**
         * Runs to completion; a run past the timeout is killed and fails the test with its output
         * so far.
         */
        Result run() {
            try (Running r = start()) {
                return r.await(timeout);
            }
        }

        /**
         * Starts {@code bin/sluice} asynchronously; stdout and stderr are collected as they come.
         */
        Running start() {
            List<String> cmd = new ArrayList<>(prefix);
            cmd.add(bin().toString());
            cmd.addAll(args);
            ProcessBuilder pb =
                    new ProcessBuilder(cmd)
                            .directory(directory.toFile())
                            .redirectInput(
                                    ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            pb.environment().putAll(env);
            try {
                return new Running(cmd, pb.start());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start " + cmd, e);
            }
        }
    }

    /** A running {@code bin/sluice}: its pid is the JVM's, since the launcher execs java. */
    static final class Running implements AutoCloseable {
        private final List<String> cmd;
        private final Process process;
        private final long startNanos = System.nanoTime();
        private final Collector out;
        private final Collector err;

        private Running(List<String> cmd, Process process) {
            this.cmd = cmd;
            this.process = process;
            this.out =
                    new Collector(process.getInputStream(), "sluice-e2e-stdout-" + process.pid());
            this.err =
                    new Collector(process.getErrorStream(), "sluice-e2e-stderr-" + process.pid());
        }

        long pid() {
            return process.pid();
        }

        Process process() {
            return process;
        }

        String stdoutSoFar() {
            return out.text();
        }

        String stderrSoFar() {
            return err.text();
        }

        /**
         * Waits until a complete stdout line satisfies {@code p}; fails with the output so far
         * otherwise.
         */
        String awaitStdoutLine(Predicate<String> p, Duration timeout) {
            String line = out.awaitLine(p, timeout);
            if (line == null) {
                throw new AssertionError(
                        "no matching stdout line within "
                                + timeout.toSeconds()
                                + " s"
                                + (process.isAlive()
                                        ? ""
                                        : " (sluice exited " + process.exitValue() + ")")
                                + " from "
                                + cmd
                                + "\n--- stdout ---\n"
                                + out.text()
                                + "\n--- stderr ---\n"
                                + err.text());
            }
            return line;
        }

        /** Sends a signal by name (TERM, INT, HUP, KILL, ...) to the sluice JVM with kill(1). */
        void signal(String name) {
            try {
                Process k =
                        new ProcessBuilder("kill", "-s", name, Long.toString(process.pid()))
                                .redirectErrorStream(true)
                                .start();
                String msg = new String(k.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!k.waitFor(10, TimeUnit.SECONDS) || k.exitValue() != 0) {
                    throw new AssertionError(
                            "kill -s " + name + " " + process.pid() + " failed: " + msg);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }

        /**
         * Waits for exit; past the timeout the process is killed and an AssertionError carries its
         * output.
         */
        Result await(Duration timeout) {
            boolean exited;
            try {
                exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
                throw new AssertionError("interrupted while waiting for " + cmd, e);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
            if (!exited) {
                process.destroyForcibly();
                out.join(Duration.ofSeconds(5));
                err.join(Duration.ofSeconds(5));
                throw new AssertionError(
                        "sluice did not exit within "
                                + timeout.toSeconds()
                                + " s: "
                                + cmd
                                + "\n--- stdout ---\n"
                                + out.text()
                                + "\n--- stderr ---\n"
                                + err.text());
            }
            // Once sluice has exited every sandboxed process is dead, so the pipes reach EOF;
            // bound the wait anyway, so that a survivor holding a pipe cannot hang the suite.
            boolean complete = out.join(Duration.ofSeconds(10)) & err.join(Duration.ofSeconds(10));
            if (!complete) {
                throw new AssertionError(
                        "sluice exited "
                                + process.exitValue()
                                + " but its stdout/stderr stayed open for 10 s: a sandboxed process outlived it? "
                                + cmd
                                + "\n--- stdout ---\n"
                                + out.text()
                                + "\n--- stderr ---\n"
                                + err.text());
            }
            return new Result(cmd, process.exitValue(), out.text(), err.text(), elapsed);
        }

        /** Kills sluice if it still runs. */
        @Override
        public void close() {
            if (process.isAlive()) {
                process.destroyForcibly();
                try {
                    process.waitFor(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Reads a stream to EOF on a daemon thread, keeping the whole text and the complete lines. */
    private static final class Collector {
        private final StringBuilder text = new StringBuilder();
        private final List<String> lines = new ArrayList<>();
        private final StringBuilder partial = new StringBuilder();
        private final Thread thread;
        private boolean eof;

        Collector(InputStream in, String name) {
            thread = new Thread(() -> pump(in), name);
            thread.setDaemon(true);
            thread.start();
        }

        private void pump(InputStream in) {
            char[] buf = new char[8192];
            try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                int n;
                while ((n = r.read(buf)) > 0) {
                    synchronized (this) {
                        text.append(buf, 0, n);
                        for (int i = 0; i < n; i++) {
                            if (buf[i] == '\n') {
                                lines.add(partial.toString());
                                partial.setLength(0);
                            } else {
                                partial.append(buf[i]);
                            }
                        }
                        notifyAll();
                    }
                }
            } catch (IOException e) {
                // The stream was closed under us (process destroyed): keep what we have.
            } finally {
                synchronized (this) {
                    eof = true;
                    notifyAll();
                }
            }
        }

        synchronized String text() {
            return text.toString();
        }

        synchronized String awaitLine(Predicate<String> p, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            int seen = 0;
            while (true) {
                for (; seen < lines.size(); seen++) {
                    if (p.test(lines.get(seen))) {
                        return lines.get(seen);
                    }
                }
                long left = deadline - System.nanoTime();
                if (eof || left <= 0) {
                    return null;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
        }

        boolean join(Duration d) {
            try {
                thread.join(d.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return !thread.isAlive();
        }
    }

    /** The outcome of one run of {@code bin/sluice}. */
    record Result(
            List<String> command, int exitCode, String stdout, String stderr, Duration elapsed) {

        List<String> stdoutLines() {
            return stdout.lines().toList();
        }

        List<String> stderrLines() {
            return stderr.lines().toList();
        }

        /** Every {@code key=value} pair the guest printed on stdout (a later one wins). */
        Map<String, String> values() {
            Map<String, String> m = new LinkedHashMap<>();
            Matcher k = KEY_VALUE.matcher(stdout);
            while (k.find()) {
                m.put(k.group(1), k.group(2));
            }
            return m;
        }

        /**
         * The guest's value for {@code key}; fails with the whole run when it did not print one.
         */
        String value(String key) {
            String v = values().get(key);
            if (v == null) {
                throw new AssertionError("the guest printed no '" + key + "=' value\n" + this);
            }
            return v;
        }

        long longValue(String key) {
            String v = value(key);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new AssertionError("'" + key + "=" + v + "' is not a number\n" + this);
            }
        }

        /**
         * Whether stderr holds a Java stack trace or an exception name: a user error must not show
         * one.
         */
        boolean hasStackTrace() {
            return STACK_FRAME.matcher(stderr).find()
                    || stderr.contains("Exception")
                    || stdout.contains("Exception");
        }

        /** The stats report that {@code --stats} printed on stderr. */
        StatsReport stats() {
            return StatsReport.parse(this);
        }

        @Override
        public String toString() {
            return "sluice "
                    + command.subList(1, command.size())
                    + " -> exit "
                    + exitCode
                    + " in "
                    + elapsed.toMillis()
                    + " ms\n--- stdout ---\n"
                    + stdout
                    + "\n--- stderr ---\n"
                    + stderr
                    + "\n---";
        }
    }
}
