package dev.sluice.e2e;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A containerd of the test's own: its root, state and socket under one work directory, started with
 * a config of the test's, driven with {@code ctr --address}, stopped and removed at the end. The
 * host's containerd, if any, is never touched.
 */
final class PrivateContainerd implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(90);

    /** Plugins a test never needs; the CRI plugin is kept only when asked for. */
    private static final List<String> UNUSED =
            List.of(
                    "io.containerd.snapshotter.v1.aufs",
                    "io.containerd.snapshotter.v1.btrfs",
                    "io.containerd.snapshotter.v1.devmapper",
                    "io.containerd.snapshotter.v1.zfs",
                    "io.containerd.tracing.processor.v1.otlp",
                    "io.containerd.internal.v1.tracing");

    private final Path work;
    private final Process process;

    record Out(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
        }
    }

    private PrivateContainerd(Path work, Process process) {
        this.work = work;
        this.process = process;
    }

    /** Skips the test, saying so, where containerd and ctr are not installed. */
    static void assumeInstalled() {
        Assumptions.assumeTrue(
                onPath("ctr") && onPath("containerd"),
                "SKIPPED: containerd and ctr are not installed (apt-get install containerd)");
    }

    static boolean onPath(String name) {
        return Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(":"))
                .anyMatch(d -> Files.isExecutable(Path.of(d, name)));
    }

    /**
     * Starts containerd under {@code work}; {@code cri}: whether its CRI plugin runs; {@code more}:
     * TOML appended to the config (the CRI plugin's section).
     */
    static PrivateContainerd start(Path work, boolean cri, String more) throws Exception {
        Path state = Files.createDirectories(work.resolve("containerd"));
        List<String> disabled = new ArrayList<>(UNUSED);
        if (!cri) {
            disabled.add("io.containerd.grpc.v1.cri");
        }
        Files.writeString(
                work.resolve("config.toml"),
                """
                version = 2
                root = "%1$s/root"
                state = "%1$s/state"
                disabled_plugins = [%2$s]
                [grpc]
                  address = "%1$s/containerd.sock"
                [ttrpc]
                  address = ""
                """
                                .formatted(
                                        state,
                                        String.join(
                                                ", ",
                                                disabled.stream()
                                                        .map(p -> "\"" + p + "\"")
                                                        .toList()))
                        + more);
        Process p =
                new ProcessBuilder("containerd", "--config", work.resolve("config.toml").toString())
                        .redirectErrorStream(true)
                        .redirectOutput(work.resolve("containerd.log").toFile())
                        .start();
        PrivateContainerd c = new PrivateContainerd(work, p);
        for (int i = 0; i < 100; i++) {
            if (c.ctr("version").exitCode == 0) {
                return c;
            }
            Thread.sleep(200);
        }
        c.close();
        throw new AssertionError("containerd did not come up:\n" + c.log());
    }

    Path socket() {
        return work.resolve("containerd/containerd.sock");
    }

    String log() throws IOException {
        return Files.readString(work.resolve("containerd.log"));
    }

    /** {@code ctr --address <socket> args...}, waited for. */
    Out ctr(String... args) {
        List<String> cmd = new ArrayList<>(List.of("ctr", "--address", socket().toString()));
        cmd.addAll(Arrays.asList(args));
        try {
            Path out = Files.createTempFile(work, "ctr", ".out");
            Path err = Files.createTempFile(work, "ctr", ".err");
            Process p =
                    new ProcessBuilder(cmd)
                            .redirectInput(
                                    ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                            .redirectOutput(out.toFile())
                            .redirectError(err.toFile())
                            .start();
            if (!p.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("ctr did not finish in time: " + cmd);
            }
            Out o =
                    new Out(
                            p.exitValue(),
                            Files.readString(out, StandardCharsets.UTF_8),
                            Files.readString(err, StandardCharsets.UTF_8));
            Files.delete(out);
            Files.delete(err);
            return o;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /**
     * Removes what is left in {@code namespace} (tasks, then containers), stops containerd, and
     * deletes the work directory unless a mount under it leaked.
     */
    void close(String namespace) throws Exception {
        for (String t : ctr("-n", namespace, "task", "ls", "-q").stdout.lines().toList()) {
            ctr("-n", namespace, "task", "rm", "-f", t.trim());
        }
        for (String c : ctr("-n", namespace, "container", "ls", "-q").stdout.lines().toList()) {
            ctr("-n", namespace, "container", "rm", c.trim());
        }
        close();
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        boolean mounted =
                Files.readAllLines(Path.of("/proc/self/mountinfo")).stream()
                        .anyMatch(l -> l.contains(" " + work + "/"));
        if (!mounted) {
            OciBundle.deleteTree(work);
        }
    }
}
