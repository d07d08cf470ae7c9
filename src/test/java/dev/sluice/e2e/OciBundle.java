package dev.sluice.e2e;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Assumptions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * OCI bundles for the end-to-end suites: a root filesystem made of the host's static busybox
 * (Debian's busybox-static) and the static test guest, and a config.json that {@code sluice spec}
 * wrote and the test edited. Also the per-test {@code --root} and the {@link Reaper}.
 */
final class OciBundle {
    static final Path BUSYBOX = Path.of("/bin/busybox");
    static final List<String> APPLETS =
            List.of(
                    "sh",
                    "ls",
                    "cat",
                    "echo",
                    "sleep",
                    "ps",
                    "id",
                    "hostname",
                    "true",
                    "false",
                    "env",
                    "mount",
                    "grep",
                    "stat",
                    "test",
                    "tty",
                    "stty",
                    "readlink",
                    "pwd",
                    "tr",
                    "uname");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Bundles made by the running test, removed by {@link #cleanup()}. */
    private static final List<Path> MADE = new java.util.concurrent.CopyOnWriteArrayList<>();

    private OciBundle() {}

    /** Removes the bundles the test made (after its containers are deleted). */
    static void cleanup() {
        for (Path p : MADE) {
            deleteTree(p);
        }
        MADE.clear();
    }

    /** Skips the test (visibly) where there is no static busybox to build a rootfs from. */
    static void assumeBusybox() {
        Assumptions.assumeTrue(
                Files.isExecutable(BUSYBOX),
                "SKIPPED: "
                        + BUSYBOX
                        + " is missing: install busybox-static to run the OCI suites");
    }

    /**
     * A fresh bundle under the e2e work directory, running {@code args}, with {@code edit} applied
     * to config.json.
     */
    static Path create(String name, List<String> args, Consumer<ObjectNode> edit) {
        assumeBusybox();
        Path dir = Sluice.workDir().resolve(Sluice.unique(name));
        MADE.add(dir);
        try {
            Path bin = Files.createDirectories(dir.resolve("rootfs/bin"));
            Files.copy(BUSYBOX, bin.resolve("busybox"), StandardCopyOption.COPY_ATTRIBUTES);
            for (String a : APPLETS) {
                Files.createSymbolicLink(bin.resolve(a), Path.of("busybox"));
            }
            Files.copy(
                    Sluice.guestBinary(),
                    bin.resolve("sluice-testguest"),
                    StandardCopyOption.COPY_ATTRIBUTES);
            Sluice.Result spec = Sluice.run("spec", "--bundle", dir.toString());
            if (spec.exitCode() != 0) {
                throw new AssertionError("sluice spec failed\n" + spec);
            }
            ObjectNode c = (ObjectNode) JSON.readTree(dir.resolve("config.json").toFile());
            ObjectNode process = (ObjectNode) c.get("process");
            process.put("terminal", false);
            ArrayNode a = process.putArray("args");
            args.forEach(a::add);
            edit.accept(c);
            JSON.writerWithDefaultPrettyPrinter()
                    .writeValue(dir.resolve("config.json").toFile(), c);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    static Path create(String name, String... args) {
        return create(name, List.of(args), c -> {});
    }

    /** runc on PATH (containerd brings it), the baseline of the OCI suites, or null. */
    static Path runcBinary() {
        for (String dir :
                System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
            Path p = Path.of(dir, "runc");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * One command of the runtime {@code binary} (runc or bin/sluice) with {@code --root stateRoot},
     * to its end.
     */
    static Sluice.Result tool(Path binary, Path stateRoot, String... args) {
        List<String> cmd =
                new ArrayList<>(List.of(binary.toString(), "--root", stateRoot.toString()));
        cmd.addAll(List.of(args));
        return command(cmd);
    }

    /** {@code cmd}, stdin /dev/null, to its end (60 s at most). */
    static Sluice.Result command(List<String> cmd) {
        try {
            Process p =
                    new ProcessBuilder(cmd)
                            .redirectInput(
                                    ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                            .start();
            String out = new String(p.getInputStream().readAllBytes());
            String err = new String(p.getErrorStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            return new Sluice.Result(cmd, p.exitValue(), out, err, Duration.ZERO);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted");
        }
    }

    /** A --root of its own for one test, outside /tmp. */
    static Path root() {
        return Sluice.workDir().resolve(Sluice.unique("oci-root"));
    }

    /** {@code bin/sluice --root ROOT ARGS...}. */
    static Sluice.Result oci(Path root, Object... args) {
        List<Object> parts = new ArrayList<>(List.of("--root", root.toString()));
        parts.addAll(List.of(args));
        return Sluice.run(parts.toArray());
    }

    /**
     * A test's teardown of its {@code --root}: {@code delete --force} of every container Sluice has
     * there (but the entries named in {@code notContainers}, such as runc's root), then the
     * directory.
     */
    static void deleteRoot(Path root, String... notContainers) throws IOException {
        if (root == null || !Files.isDirectory(root)) {
            return;
        }
        List<String> skip = List.of(notContainers);
        try (java.util.stream.Stream<Path> s = Files.list(root)) {
            for (Path p : s.filter(p -> !skip.contains(p.getFileName().toString())).toList()) {
                Sluice.run(
                        "--root", root.toString(), "delete", "--force", p.getFileName().toString());
            }
        }
        deleteTree(root);
    }

    static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try {
            Files.walkFileTree(
                    p,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult visitFile(Path f, BasicFileAttributes attrs)
                                throws IOException {
                            Files.delete(f);
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult postVisitDirectory(Path d, IOException e)
                                throws IOException {
                            Files.delete(d);
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code sluice-reaper} running {@code sluice create}: a child subreaper like containerd's
     * shim, so the container's init is reparented to it and its exit status can be read from the
     * pid file's process. The container's stdout and stderr are files in the bundle.
     */
    static final class Reaper implements AutoCloseable {
        private final Process process;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final List<String> seen = new ArrayList<>();
        final Path out;
        final Path err;
        final Path pidFile;

        Reaper(Path bundle, Object... sluiceArgs) {
            this(bundle, Sluice.bin(), sluiceArgs);
        }

        /** The same with another runtime's binary (runc, as a baseline) in place of bin/sluice. */
        Reaper(Path bundle, Path runtime, Object... args) {
            this(
                    bundle.resolve("out.txt"),
                    bundle.resolve("err.txt"),
                    bundle.resolve("init.pid"),
                    runtime,
                    args);
        }

        /**
         * A reaper whose files are {@code NAME.out}, {@code NAME.err} and {@code NAME.pid} in
         * {@code dir}: a second one per bundle.
         */
        static Reaper named(Path dir, String name, Object... sluiceArgs) {
            return named(dir, name, Sluice.bin(), sluiceArgs);
        }

        /** The same with another runtime's binary (runc, as a baseline) in place of bin/sluice. */
        static Reaper named(Path dir, String name, Path runtime, Object... args) {
            return new Reaper(
                    dir.resolve(name + ".out"),
                    dir.resolve(name + ".err"),
                    dir.resolve(name + ".pid"),
                    runtime,
                    args);
        }

        private Reaper(Path out, Path err, Path pidFile, Path runtime, Object... args) {
            this.out = out;
            this.err = err;
            this.pidFile = pidFile;
            Path reaper = Sluice.guestBinary().resolveSibling("sluice-reaper");
            List<String> cmd =
                    new ArrayList<>(
                            List.of(
                                    reaper.toString(),
                                    out.toString(),
                                    err.toString(),
                                    pidFile.toString(),
                                    runtime.toString()));
            cmd.addAll(Sluice.args(args));
            try {
                process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Thread t =
                    new Thread(
                            () -> {
                                try (BufferedReader r =
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        process.getInputStream(),
                                                        StandardCharsets.UTF_8))) {
                                    for (String l; (l = r.readLine()) != null; ) {
                                        lines.add(l);
                                    }
                                } catch (IOException e) {
                                    // destroyed
                                }
                                lines.add("eof=");
                            },
                            "sluice-reaper-output");
            t.setDaemon(true);
            t.start();
        }

        long pid() {
            return process.pid();
        }

        /** The value of the reaper's next {@code key=} line; fails on error= or end of output. */
        String await(String key, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            for (String l : seen) {
                if (l.startsWith(key + "=")) {
                    return l.substring(key.length() + 1);
                }
            }
            while (true) {
                String l;
                try {
                    l = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted");
                }
                if (l == null || l.startsWith("eof=") || l.startsWith("error=")) {
                    throw new AssertionError(
                            "the reaper gave no "
                                    + key
                                    + "= line"
                                    + (l == null ? " in time" : ": " + l)
                                    + "; so far "
                                    + seen
                                    + "\n--- container stdout ---\n"
                                    + read(out)
                                    + "\n--- stderr ---\n"
                                    + read(err));
                }
                seen.add(l);
                if (l.startsWith(key + "=")) {
                    return l.substring(key.length() + 1);
                }
            }
        }

        static String read(Path p) {
            try {
                return Files.exists(p) ? Files.readString(p) : "";
            } catch (IOException e) {
                return "";
            }
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }
}
