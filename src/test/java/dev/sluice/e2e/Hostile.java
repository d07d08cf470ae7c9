package dev.sluice.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hostile guest ({@code sluice-hostile}, src/test/c/hostile.c) and what the sentry reports
 * about itself at exit beyond {@link StatsReport}: its memory and the calls whose guest stopped
 * waiting.
 */
final class Hostile {
    private static final Pattern ABANDONED =
            Pattern.compile("sluice: calls abandoned by the guest: (\\d+)");
    private static final Pattern MEMORY =
            Pattern.compile(
                    "sluice: sentry memory: rss_start=(-?\\d+) KiB rss_end=(-?\\d+) KiB rss_peak=(-?\\d+) KiB heap_used=(-?\\d+) KiB heap_max=(-?\\d+) KiB");

    private Hostile() {}

    /**
     * A host path for files the test creates while the guest watches for them: under /var/tmp, not
     * the e2e work directory, because the sandbox's /tmp is an overlay that need not show files
     * added to its lower layer after it was mounted (a checkout under /tmp would never see them).
     */
    static Path hostFile(String name) {
        return Path.of("/var/tmp", Sluice.unique("sluice-e2e-" + name));
    }

    static Path binary() {
        return Sluice.guestBinary("sluice-hostile");
    }

    /** {@code sluice-hostile args...} as a command line. */
    static List<String> guest(String... args) {
        return Sluice.guestCommand("sluice-hostile", args);
    }

    /** {@code sluice run --proxy pty --stats [sluiceOptions...] -- sluice-hostile guestArgs...}. */
    static Sluice.Invocation pty(List<String> sluiceOptions, String... guestArgs) {
        return Sluice.command(
                "run", "--proxy", "pty", "--stats", sluiceOptions, "--", guest(guestArgs));
    }

    /** The guest run on the host, outside any sandbox (a baseline, or to compute a file handle). */
    static String native_(String... args) {
        try {
            Process p = new ProcessBuilder(guest(args)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(
                        "sluice-hostile " + List.of(args) + " did not finish on the host");
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** {@code key=value} of a text the guest printed (the last one wins). */
    static String value(String text, String key) {
        Matcher m = Pattern.compile("(?<![\\w.-])" + Pattern.quote(key) + "=(\\S*)").matcher(text);
        String v = null;
        while (m.find()) {
            v = m.group(1);
        }
        if (v == null) {
            throw new AssertionError("no '" + key + "=' in:\n" + text);
        }
        return v;
    }

    /** Calls whose guest thread died or was interrupted before the sentry's answer. */
    static long abandoned(Sluice.Result r) {
        Matcher m = ABANDONED.matcher(r.stderr());
        if (!m.find()) {
            throw new AssertionError("no 'sluice: calls abandoned by the guest: N' line\n" + r);
        }
        return Long.parseLong(m.group(1));
    }

    /** The sentry's memory at exit: rss_start, rss_end, rss_peak, heap_used, heap_max (KiB). */
    static long[] memory(Sluice.Result r) {
        Matcher m = MEMORY.matcher(r.stderr());
        if (!m.find()) {
            throw new AssertionError("no 'sluice: sentry memory: ...' line\n" + r);
        }
        long[] v = new long[5];
        for (int i = 0; i < 5; i++) {
            v[i] = Long.parseLong(m.group(i + 1));
        }
        return v;
    }

    /** The sentry's fds must be back where they started. */
    static void assertNoFdLeak(Sluice.Result r) {
        StatsReport s = r.stats();
        OptionalLong start = s.fdsStart();
        if (start.isEmpty() || s.fdsEnd().isEmpty()) {
            throw new AssertionError("stats must report the sentry's fds\n" + r);
        }
        if (start.getAsLong() != s.fdsEnd().getAsLong()) {
            throw new AssertionError(
                    "the sentry must hold as many fds at the end as at the start (start="
                            + start.getAsLong()
                            + " end="
                            + s.fdsEnd().getAsLong()
                            + ")\n"
                            + r);
        }
    }

    /** Open fds of a host process, from /proc/PID/fd. */
    static int openFds(long pid) {
        try (var s = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return (int) s.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code prlimit --pid PID --nofile=SOFT:} (the hard limit stays). */
    static void softFdLimit(long pid, long soft) {
        try {
            Process p =
                    new ProcessBuilder(
                                    "prlimit",
                                    "--pid",
                                    Long.toString(pid),
                                    "--nofile=" + soft + ":")
                            .redirectErrorStream(true)
                            .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError(
                        "prlimit --pid " + pid + " --nofile=" + soft + ": failed: " + out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
