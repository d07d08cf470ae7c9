package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Real OCI clients from Debian's packages drive Sluice as their runtime: podman ({@code --runtime
 * bin/sluice}, through conmon) and dockerd (a registered runtime, through containerd's shim), each
 * with a private store and an image imported offline from busybox-static. The same checks run
 * against runc, the baseline, in the same test, and Sluice must give the same answer to every check
 * runc passes: run and its exit code, stdout, exec into a running container, kill and delete, a
 * failing create whose error reaches the client, terminals ({@code run -t} and {@code exec -t}),
 * and a pids limit being enforced. A client that is not installed is skipped with a visible line.
 */
@RequiresRoot
@Timeout(900)
class OciClientsE2ETest {
    private static final Path IMAGE_ROOT = Sluice.workDir().resolve("clients-rootfs");
    private static final String IMAGE = "localhost/sluice-busybox";

    @BeforeAll
    static void image() throws IOException {
        OciBundle.assumeBusybox();
        Files.createDirectories(IMAGE_ROOT.resolve("bin"));
        for (String d : List.of("proc", "dev", "sys", "tmp", "etc")) {
            Files.createDirectories(IMAGE_ROOT.resolve(d));
        }
        Path bb = IMAGE_ROOT.resolve("bin/busybox");
        if (!Files.exists(bb)) {
            Files.copy(OciBundle.BUSYBOX, bb);
            bb.toFile().setExecutable(true);
            for (String a :
                    List.of("sh", "echo", "true", "sleep", "cat", "hostname", "tty", "test")) {
                Files.createSymbolicLink(IMAGE_ROOT.resolve("bin/" + a), Path.of("busybox"));
            }
        }
    }

    @AfterAll
    static void cleanup() {
        OciBundle.deleteTree(IMAGE_ROOT);
    }

    /** One client command's outcome. */
    record Out(int code, String stdout, String stderr) {
        String all() {
            return "exit " + code + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
        }
    }

    static Out exec(Map<String, String> env, List<String> cmd, int timeoutSec) {
        try {
            Path out = Files.createTempFile("client", ".out");
            Path err = Files.createTempFile("client", ".err");
            ProcessBuilder pb =
                    new ProcessBuilder(cmd)
                            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                            .redirectOutput(out.toFile())
                            .redirectError(err.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            boolean done = p.waitFor(timeoutSec, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly().waitFor();
            }
            Out o =
                    new Out(
                            done ? p.exitValue() : -1,
                            Files.readString(out, StandardCharsets.UTF_8),
                            Files.readString(err, StandardCharsets.UTF_8)
                                    + (done ? "" : "\n(timed out after " + timeoutSec + " s)"));
            Files.delete(out);
            Files.delete(err);
            return o;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** A client CLI: its command prefix, its environment, and how it names a runtime. */
    interface Client {
        String name();

        Out run(String runtime, String... args);
    }

    /** The checks, as (name, outcome); a check's outcome is a short string compared with runc's. */
    static Map<String, String> checks(Client c, String runtime) {
        Map<String, String> r = new LinkedHashMap<>();
        Out hello = c.run(runtime, "run", "--rm", "--network", "none", IMAGE, "echo", "hello");
        r.put("stdout", hello.code() + " " + hello.stdout().strip());
        Out exit = c.run(runtime, "run", "--rm", "--network", "none", IMAGE, "sh", "-c", "exit 7");
        r.put("exit code", Integer.toString(exit.code()));
        String name =
                "sluice-client-"
                        + runtime.replaceAll("[^a-z]", "")
                        + "-"
                        + ProcessHandle.current().pid();
        Out started =
                c.run(
                        runtime,
                        "run",
                        "-d",
                        "--name",
                        name,
                        "--network",
                        "none",
                        IMAGE,
                        "sleep",
                        "120");
        Out ex = c.run(runtime, "exec", name, "sh", "-c", "echo exec-ok; test -d /proc/1");
        r.put("exec", started.code() + " " + ex.code() + " " + ex.stdout().strip());
        Out ttyExec =
                c.run(
                        runtime,
                        "exec",
                        "-t",
                        name,
                        "sh",
                        "-c",
                        "tty; test -t 1 && echo is-a-tty; exit 4");
        r.put(
                "exec terminal",
                ttyExec.code()
                        + " "
                        + ttyExec.stdout().replace("\r", "").strip().replace('\n', ' '));
        Out kill = c.run(runtime, "kill", name);
        Out waited = c.run(runtime, "wait", name);
        Out rm = c.run(runtime, "rm", name);
        r.put("kill and delete", kill.code() + " " + waited.stdout().strip() + " " + rm.code());
        Out bad = c.run(runtime, "run", "--rm", "--network", "none", IMAGE, "/nonexistent");
        r.put(
                "failing create",
                (bad.code() != 0) + " " + (bad.stderr() + bad.stdout()).contains("/nonexistent"));
        Out tty =
                c.run(
                        runtime,
                        "run",
                        "--rm",
                        "-t",
                        "--network",
                        "none",
                        IMAGE,
                        "sh",
                        "-c",
                        "tty; test -t 0 && echo is-a-tty");
        r.put(
                "terminal",
                tty.code() + " " + tty.stdout().replace("\r", "").strip().replace('\n', ' '));
        Out pids =
                c.run(
                        runtime,
                        "run",
                        "--rm",
                        "--network",
                        "none",
                        "--pids-limit",
                        "8",
                        IMAGE,
                        "sh",
                        "-c",
                        "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do sleep 3 & done; wait");
        r.put(
                "pids limit",
                Boolean.toString((pids.stderr() + pids.stdout()).contains("can't fork")));
        return r;
    }

    static void compare(
            Client c, String runtime, Map<String, String> baseline, Map<String, String> sluice) {
        StringBuilder table = new StringBuilder(c.name() + ": check, runc, sluice\n");
        baseline.forEach(
                (k, v) -> table.append(String.format("  %-16s %-40s %s%n", k, v, sluice.get(k))));
        System.out.print(table);
        assertEquals("0 hello", baseline.get("stdout"), "the baseline works at all\n" + table);
        assertEquals(
                baseline, sluice, c.name() + ": sluice answers every check as runc does\n" + table);
    }

    @Test
    void podman() throws IOException {
        Path podman = Path.of("/usr/bin/podman");
        boolean installed = Files.isExecutable(podman);
        if (!installed) {
            System.out.println("SKIPPED (podman): " + podman + " is missing; install podman");
        }
        Assumptions.assumeTrue(installed, "podman is not installed");
        // podman refuses a runroot path longer than 50 characters: a short home in /tmp.
        Path home = Files.createDirectories(Path.of("/tmp").resolve(Sluice.unique("pm")));
        try {
            PrivatePodman pm = PrivatePodman.at(podman, home);
            Map<String, String> env = pm.env();
            List<String> base = pm.base();
            Out tar = tarImport(env, base, "import", "-", IMAGE);
            assertEquals(0, tar.code(), "podman import\n" + tar.all());
            Client c =
                    new Client() {
                        public String name() {
                            return "podman";
                        }

                        public Out run(String runtime, String... args) {
                            List<String> cmd = new ArrayList<>(base);
                            cmd.add(args[0]);
                            if (List.of("run", "create").contains(args[0])) {
                                cmd.add("--runtime");
                                cmd.add(runtime);
                            }
                            cmd.addAll(List.of(args).subList(1, args.length));
                            return exec(env, cmd, 120);
                        }
                    };
            compare(c, "runc", checks(c, "/usr/sbin/runc"), checks(c, Sluice.bin().toString()));
        } finally {
            exec(Map.of(), List.of("umount", "-R", home.resolve("storage").toString()), 10);
            OciBundle.deleteTree(home);
        }
    }

    /**
     * podman with a private store under {@code home} (short: podman refuses a runroot path over 50
     * characters): its environment and the command's first words.
     */
    record PrivatePodman(Map<String, String> env, List<String> base) {
        static PrivatePodman at(Path podman, Path home) throws IOException {
            // The development machine's hard rlimits are below podman's defaults (docs/oci.md).
            Path conf = home.resolve("containers.conf");
            Files.writeString(
                    conf,
                    "[containers]\ndefault_ulimits = [\"nofile=1024:1024\", \"nproc=4096:4096\"]\n");
            return new PrivatePodman(
                    Map.of("CONTAINERS_CONF", conf.toString()),
                    List.of(
                            podman.toString(),
                            "--root",
                            home.resolve("storage").toString(),
                            "--runroot",
                            home.resolve("run").toString(),
                            "--storage-driver",
                            "vfs",
                            "--cgroup-manager",
                            "cgroupfs",
                            "--events-backend",
                            "file",
                            "--tmpdir",
                            home.resolve("tmp").toString()));
        }
    }

    @Test
    void docker() throws Exception {
        Path dockerd = Path.of("/usr/sbin/dockerd");
        String cli =
                Files.isExecutable(Path.of("/usr/bin/docker"))
                        ? "/usr/bin/docker"
                        : "/usr/local/bin/docker";
        boolean installed = Files.isExecutable(dockerd) && Files.isExecutable(Path.of(cli));
        if (!installed) {
            System.out.println(
                    "SKIPPED (docker): dockerd or the docker CLI is missing; install docker.io");
        }
        Assumptions.assumeTrue(installed, "docker is not installed");
        Path home = Files.createDirectories(Path.of("/tmp").resolve(Sluice.unique("dk")));
        Path sock = home.resolve("d.sock");
        Process d =
                new ProcessBuilder(
                                dockerd.toString(),
                                "--data-root",
                                home.resolve("data").toString(),
                                "--exec-root",
                                home.resolve("exec").toString(),
                                "--pidfile",
                                home.resolve("d.pid").toString(),
                                "-H",
                                "unix://" + sock,
                                "--iptables=false",
                                "--ip6tables=false",
                                "--bridge=none",
                                "--storage-driver=vfs",
                                "--add-runtime",
                                "sluice=" + Sluice.bin(),
                                "--containerd-namespace",
                                "sluice-e2e",
                                "--containerd-plugins-namespace",
                                "sluice-e2e-plugins")
                        .redirectErrorStream(true)
                        .redirectOutput(home.resolve("dockerd.log").toFile())
                        .start();
        try {
            Map<String, String> env = Map.of("DOCKER_HOST", "unix://" + sock);
            Out ping = null;
            for (int i = 0; i < 60; i++) {
                ping = exec(env, List.of(cli, "version"), 10);
                if (ping.code() == 0) {
                    break;
                }
                Thread.sleep(500);
            }
            assertEquals(
                    0,
                    ping.code(),
                    "dockerd answers\n"
                            + ping.all()
                            + Files.readString(home.resolve("dockerd.log")));
            Out tar = tarImport(env, List.of(cli), "import", "-", IMAGE);
            assertEquals(0, tar.code(), "docker import\n" + tar.all());
            Client c =
                    new Client() {
                        public String name() {
                            return "docker";
                        }

                        public Out run(String runtime, String... args) {
                            List<String> cmd = new ArrayList<>(List.of(cli, args[0]));
                            if (List.of("run", "create").contains(args[0])) {
                                cmd.add("--runtime");
                                cmd.add(runtime);
                            }
                            cmd.addAll(List.of(args).subList(1, args.length));
                            return exec(env, cmd, 120);
                        }
                    };
            compare(c, "runc", checks(c, "runc"), checks(c, "sluice"));
        } finally {
            d.destroy();
            if (!d.waitFor(30, TimeUnit.SECONDS)) {
                d.destroyForcibly().waitFor();
            }
            exec(Map.of(), List.of("umount", "-R", home.toString()), 10);
            OciBundle.deleteTree(home);
        }
    }

    private static Out tarImport(Map<String, String> env, List<String> base, String... args) {
        List<String> cmd =
                new ArrayList<>(
                        List.of("sh", "-c", "tar -C \"$0\" -c . | \"$@\"", IMAGE_ROOT.toString()));
        cmd.addAll(base);
        cmd.addAll(List.of(args));
        return exec(env, cmd, 120);
    }
}
