package dev.sluice.sentry.observe;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts the sentry's own open file descriptors, for leak checks in tests and in {@code --stats}:
 * every guest fd the sentry dups must be closed again, and a count that only grows over a long run
 * is the cheapest way to notice when one is not.
 */
public final class FdCount {

    private static final File SELF_FD = new File("/proc/self/fd");

    private FdCount() {}

    /**
     * Returns the number of file descriptors open in this process, or -1 where {@code
     * /proc/self/fd} cannot be read (not Linux, or no procfs mounted).
     *
     * <p>Listing the directory opens one descriptor for the listing itself, which then shows up in
     * it; that one is not counted. Other threads opening or closing files meanwhile make the result
     * a snapshot, not an exact figure.
     */
    public static int openFds() {
        // java.io.File.list() is one native opendir/readdir/closedir: exactly one fd of its own,
        // closed before it returns. Files.newDirectoryStream is not a substitute: on Linux it
        // returns a SecureDirectoryStream that holds two fds (open() plus a dup() for fdopendir),
        // so subtracting one would over-count (JDK 17 sun.nio.fs.UnixFileSystemProvider).
        String[] names;
        try {
            names = SELF_FD.list();
        } catch (SecurityException e) {
            names = null;
        }
        // null: no procfs, or not a directory; a failure to count is not worth failing a run over.
        return names == null ? -1 : names.length - 1;
    }

    /**
     * What each open fd refers to ({@code /proc/self/fd/N} link targets), to name a leak when the
     * count moved: an fd that shows up in a later snapshot with a new target was opened meanwhile.
     */
    public static Map<Integer, String> snapshot() {
        Map<Integer, String> m = new TreeMap<>();
        String[] names = SELF_FD.list();
        if (names == null) {
            return m;
        }
        for (String n : names) {
            try {
                m.put(
                        Integer.parseInt(n),
                        Files.readSymbolicLink(SELF_FD.toPath().resolve(n)).toString());
            } catch (IOException | NumberFormatException e) {
                // closed meanwhile (the listing's own fd among them)
            }
        }
        return m;
    }
}
