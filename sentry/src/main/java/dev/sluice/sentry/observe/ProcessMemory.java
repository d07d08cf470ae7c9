package dev.sluice.sentry.observe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The sentry's own memory, for {@code --stats} and leak checks: resident set size and its peak from
 * {@code /proc/self/status} ({@code VmRSS}, {@code VmHWM}), and the Java heap in use. A guest that
 * could make the sentry grow without bound (keys it chooses, fds it leaks, copies it sizes) shows
 * here first.
 */
public final class ProcessMemory {

    /** One reading; a field is -1 where it could not be read. */
    public record Sample(long rssKib, long peakRssKib, long heapUsedKib, long heapMaxKib) {}

    private ProcessMemory() {}

    public static Sample sample() {
        long rss = -1;
        long hwm = -1;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = kib(line);
                } else if (line.startsWith("VmHWM:")) {
                    hwm = kib(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no procfs: report what the JVM knows
        }
        Runtime rt = Runtime.getRuntime();
        return new Sample(
                rss, hwm, (rt.totalMemory() - rt.freeMemory()) / 1024, rt.maxMemory() / 1024);
    }

    /** {@code rss_start=N KiB rss_end=N KiB rss_peak=N KiB heap_used=N KiB heap_max=N KiB}. */
    public static String report(Sample start, Sample end) {
        return "rss_start="
                + start.rssKib()
                + " KiB rss_end="
                + end.rssKib()
                + " KiB rss_peak="
                + end.peakRssKib()
                + " KiB heap_used="
                + end.heapUsedKib()
                + " KiB heap_max="
                + end.heapMaxKib()
                + " KiB";
    }

    /** {@code "VmRSS: 123456 kB"} → 123456. */
    private static long kib(String line) {
        String v = line.substring(line.indexOf(':') + 1).trim();
        int sp = v.indexOf(' ');
        return Long.parseLong(sp < 0 ? v : v.substring(0, sp));
    }
}
