package dev.sluice.oci.cgroup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * The file operations Sluice makes on a cgroup filesystem, in one place so that a test can stand in
 * for the kernel (a tree in a temporary directory whose {@code mkdir} makes the control files and
 * whose {@code cgroup.procs} forgets exited processes). {@link #HOST} is the real thing.
 */
public interface CgroupFs {
    /** The host's cgroup filesystems. */
    CgroupFs HOST = new CgroupFs() {};

    /** Makes one cgroup directory (its parent exists); the kernel fills in its control files. */
    default void mkdir(Path dir) throws IOException {
        Files.createDirectory(dir);
    }

    /** Removes an empty cgroup (control files and all: rmdir(2) does that on cgroupfs). */
    default void rmdir(Path dir) throws IOException {
        Files.delete(dir);
    }

    default boolean isDirectory(Path dir) {
        return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS);
    }

    default boolean exists(Path file) {
        return Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    default String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII);
    }

    /**
     * Writes {@code value} in one write(2), as cgroupfs wants (no create, no truncate: a control
     * file the kernel did not make is an error, not a new file).
     */
    default void write(Path file, String value) throws IOException {
        Files.write(file, value.getBytes(StandardCharsets.US_ASCII), StandardOpenOption.WRITE);
    }

    /** The child cgroups of {@code dir}. */
    default List<Path> children(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(this::isDirectory).toList();
        }
    }
}
