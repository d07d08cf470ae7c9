package dev.sluice.rdmaproxy.net;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Small readers of sysfs and procfs attribute files: a missing or unreadable file reads as empty.
 */
final class SysFiles {
    private SysFiles() {}

    /** The file's text without surrounding white space, or empty. */
    static String read(Path p) {
        try {
            return Files.readString(p).trim();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** The file's integer, or {@code absent} when it is missing or not a number. */
    static int readInt(Path p, int absent) {
        String s = read(p);
        try {
            return s.isEmpty() ? absent : Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return absent;
        }
    }

    /** The entries of {@code dir}, sorted; none when it is missing or unreadable. */
    static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.sorted().toList());
        } catch (IOException e) {
            return List.of();
        }
    }
}
