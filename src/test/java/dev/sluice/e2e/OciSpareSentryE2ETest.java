package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The runtime service's spare sentry (docs/oci.md, "The runtime service"): a container with device
 * proxies whose create finds a warm spare is served by it, and behaves as one served by a sentry
 * daemon that create started: mediated, with the same environment, fds and cgroups, killed when its
 * sentry is, one sentry per container. Mediation is shown with the diagnostic pty proxy.
 */
@RequiresRoot
@Timeout(300)
class OciSpareSentryE2ETest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension final OciRoot oci = new OciRoot("runc");

    /**
     * A mediated container that says whether TIOCGPTLCK was trapped (ENOTTY from the pty proxy, 0
     * natively), then sleeps, so that its process can be looked at.
     */
    private static Path mediated(String name) {
        return OciBundle.create(
                name,
                List.of("sh", "-c", "sluice-testguest deny; exec sleep 100"),
                c -> c.putObject("annotations").put("dev.sluice.proxies", "pty"));
    }

    private static void eventually(BooleanSupplier cond, String what) throws InterruptedException {
        for (int i = 0; i < 600 && !cond.getAsBoolean(); i++) {
            Thread.sleep(100);
        }
        assertTrue(cond.getAsBoolean(), what);
    }

    /** The host pid state.json records as container {@code id}'s sentry. */
    private int sentryOf(String id) throws IOException {
        return JSON.readTree(oci.root().resolve(id).resolve("state.json").toFile())
                .path("sentryPid")
                .asInt();
    }

    private static String cmdline(long pid) {
        try {
            return Files.readString(Path.of("/proc/" + pid + "/cmdline")).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            return "(gone: " + e.getMessage() + ")";
        }
    }

    private static Set<String> fds(long pid) throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            return s.map(p -> p.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static long session(long pid) {
        String stat = read("/proc/" + pid + "/stat");
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[3]);
    }

    private static boolean alive(long pid) {
        String stat = read("/proc/" + pid + "/stat");
        return !stat.startsWith("(gone")
                && !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
    }

    /** The spare the service keeps, once it says it is ready (the service's log). */
    private void awaitSpare(int ready) throws InterruptedException {
        Path log = oci.root().resolve(".sluice-service.log");
        eventually(
                () ->
                        Files.exists(log)
                                && read(log.toString()).split("is ready", -1).length - 1 >= ready,
                ready + " spare(s) ready, by the service's log:\n" + read(log.toString()));
    }

    /** Creates and starts {@code id}; returns its reaper, once the guest has reported. */
    private OciRoot.Started startMediated(Path b, String id) throws InterruptedException {
        OciRoot.Started s = oci.start(b, id);
        eventually(
                () -> OciBundle.Reaper.read(s.reaper().out).contains("deny_errno="),
                "the guest of " + id + " reported");
        asleep(s.pid());
        return s;
    }

    /** Waits until the container's shell has exec'd its sleep: its environment is then final. */
    private static void asleep(long pid) throws InterruptedException {
        eventually(() -> cmdline(pid).startsWith("sleep "), "pid " + pid + " sleeps");
    }

    @Test
    void aContainerASpareServesIsMediatedAndGetsWhatRuncGivesIt() throws Exception {
        Files.createDirectories(oci.root()); // an existing root: its commands go to its service
        Path b = mediated("oci-spare");
        String first = Sluice.unique("spare");
        OciRoot.Started daemon = startMediated(b, first);
        int daemonSentry = sentryOf(first);
        assertTrue(
                cmdline(daemonSentry).contains(" sentry-daemon "),
                "the service's first container with proxies gets a sentry daemon, as without"
                        + " spares: "
                        + cmdline(daemonSentry));
        awaitSpare(1);
        String second = Sluice.unique("spare");
        OciRoot.Started spare = startMediated(b, second);
        int spareSentry = sentryOf(second);
        assertTrue(
                cmdline(spareSentry).contains(" sentry-spare "),
                "the next one is served by the spare: " + cmdline(spareSentry));
        for (OciRoot.Started s : List.of(daemon, spare)) {
            assertTrue(
                    OciBundle.Reaper.read(s.reaper().out).contains("deny_errno=ENOTTY"),
                    "TIOCGPTLCK reached the pty proxy, which denied it (natively it succeeds)\n"
                            + OciBundle.Reaper.read(s.reaper().out));
        }
        // Where each sentry lives: its own session, the caller's cgroups, not the container's.
        String callers = read("/proc/self/cgroup");
        for (int sentry : List.of(daemonSentry, spareSentry)) {
            assertEquals(sentry, session(sentry), "sentry " + sentry + " leads its own session");
            assertEquals(
                    callers,
                    read("/proc/" + sentry + "/cgroup"),
                    "sentry " + sentry + " is in its caller's cgroups, as create's child is");
        }
        assertEquals(
                read("/proc/" + daemon.pid() + "/cgroup").replace(first, second),
                read("/proc/" + spare.pid() + "/cgroup"),
                "each container's process is in its own container's cgroups");
        // The container's process: config.json's environment, its stdio and nothing else.
        String env = read("/proc/" + spare.pid() + "/environ");
        assertEquals(read("/proc/" + daemon.pid() + "/environ"), env, "the same environment");
        assertEquals(Set.of("0", "1", "2"), fds(spare.pid()), "only its stdio is open");
        assertEquals(fds(daemon.pid()), fds(spare.pid()), "as with a sentry daemon");
        assertTrue(
                !env.contains("SLUICE_") && !env.contains("JAVA"),
                "nothing of the service's or the spare's environment: " + env.replace('\0', ' '));

        Path runc = OciBundle.runcBinary();
        if (runc == null) {
            System.out.println("SKIPPED (runc baseline of the spare's container): no runc");
            return;
        }
        String rid = Sluice.unique("rspare");
        try (OciBundle.Reaper r =
                OciBundle.Reaper.named(
                        b,
                        "runc-" + rid,
                        runc,
                        "--root",
                        oci.root().resolve("runc").toString(),
                        "create",
                        "--bundle",
                        b.toString(),
                        "--pid-file",
                        b.resolve("runc-" + rid + ".pid").toString(),
                        rid)) {
            assertEquals("0", r.await("cmd", WAIT), "runc create\n" + OciBundle.Reaper.read(r.err));
            long pid = Long.parseLong(r.await("pid", WAIT));
            assertEquals(
                    0,
                    OciBundle.tool(runc, oci.root().resolve("runc"), "start", rid).exitCode(),
                    "runc start");
            eventually(
                    () -> OciBundle.Reaper.read(r.out).contains("deny_errno="),
                    "runc's guest reported");
            asleep(pid);
            assertTrue(
                    OciBundle.Reaper.read(r.out).contains("deny_errno=0"),
                    "runc mediates nothing: TIOCGPTLCK succeeds\n" + OciBundle.Reaper.read(r.out));
            assertEquals(
                    read("/proc/" + pid + "/environ"),
                    env,
                    "the spare's container has runc's environment for the same config");
            assertEquals(fds(pid), fds(spare.pid()), "and runc's fds");
            OciBundle.tool(runc, oci.root().resolve("runc"), "delete", "--force", rid);
        }
    }

    @Test
    void killingTheSparesSentryKillsItsContainerAndTwoContainersNeverShareOne() throws Exception {
        Files.createDirectories(oci.root());
        Path b = mediated("oci-spare-kill");
        startMediated(b, Sluice.unique("warm")); // the first one makes the service keep a spare
        awaitSpare(1);
        String one = Sluice.unique("one");
        OciRoot.Started a = startMediated(b, one);
        awaitSpare(2);
        String two = Sluice.unique("two");
        OciRoot.Started c = startMediated(b, two);
        int[] sentries = distinctSpares(one, two);
        int sa = sentries[0];
        int sc = sentries[1];

        new ProcessBuilder("kill", "-KILL", Integer.toString(sa))
                .start()
                .waitFor(10, TimeUnit.SECONDS);
        assertEquals(
                "137",
                a.reaper().await("exit", WAIT),
                "the container whose spare sentry was killed is killed (fail closed)");
        assertTrue(alive(c.pid()), "the other container, with its own sentry, runs on");
        assertTrue(alive(sc), "and so does its sentry");
        Sluice.Result state = oci.run("state", one);
        assertTrue(state.stdout().contains("\"status\" : \"stopped\""), "stopped\n" + state);
    }

    /**
     * The sentries of containers {@code one} and {@code two}: each a spare, and not the same one
     * (one sentry per container; a pool hands each spare once).
     */
    private int[] distinctSpares(String one, String two) throws Exception {
        int sa = sentryOf(one);
        int sc = sentryOf(two);
        assertTrue(cmdline(sa).contains(" sentry-spare "), "spare-served: " + cmdline(sa));
        assertTrue(cmdline(sc).contains(" sentry-spare "), "spare-served: " + cmdline(sc));
        assertNotEquals(sa, sc, "one sentry per container: two containers never share one");
        return new int[] {sa, sc};
    }

    @Test
    void aServiceWithAPoolOfTwoServesBackToBackContainersEachFromItsOwnReadySpare()
            throws Exception {
        Files.createDirectories(oci.root());
        // The service takes its environment from the client that starts it: this one.
        Sluice.Result state =
                Sluice.command("--root", oci.root().toString(), "state", "absent")
                        .env("SLUICE_SPARE", "2")
                        .run();
        assertTrue(state.exitCode() != 0, "no such container\n" + state);
        Path b = mediated("oci-spare-pool");
        startMediated(b, Sluice.unique("warm")); // makes the service keep its pool full
        awaitSpare(2); // both spares of the pool, started side by side
        String one = Sluice.unique("one");
        String two = Sluice.unique("two");
        OciRoot.Started a = startMediated(b, one);
        OciRoot.Started c = startMediated(b, two);
        int[] sentries = distinctSpares(one, two);
        int sa = sentries[0];
        int sc = sentries[1];
        for (OciRoot.Started s : List.of(a, c)) {
            assertTrue(
                    OciBundle.Reaper.read(s.reaper().out).contains("deny_errno=ENOTTY"),
                    "mediated by its spare's pty proxy\n" + OciBundle.Reaper.read(s.reaper().out));
        }
        awaitSpare(4); // each taken spare replaced: the pool is full again
        Path log = oci.root().resolve(".sluice-service.log");
        assertTrue(
                !read(log.toString()).contains("SLUICE_SPARE"),
                "a valid size, not named as bad:\n" + read(log.toString()));
    }

    @Test
    void preservedFdsReachTheSparesContainerAndNothingOfTheServiceDoes() throws Exception {
        Files.createDirectories(oci.root());
        Path b = mediated("oci-spare-fds");
        startMediated(b, Sluice.unique("warm"));
        awaitSpare(1);
        Path fdsBundle =
                OciBundle.create(
                        "oci-spare-fds3",
                        List.of(
                                "sh",
                                "-c",
                                "echo three >&3; sluice-testguest deny; exec sleep 100"),
                        c -> c.putObject("annotations").put("dev.sluice.proxies", "pty"));
        Path three = fdsBundle.resolve("three");
        Path out = fdsBundle.resolve("out");
        Path pidFile = fdsBundle.resolve("init.pid");
        String id = Sluice.unique("fds");
        Process p =
                new ProcessBuilder(
                                "/bin/sh",
                                "-c",
                                "exec 3>"
                                        + three
                                        + " >"
                                        + out
                                        + " 2>&1 </dev/null; exec "
                                        + Sluice.bin()
                                        + " --root "
                                        + oci.root()
                                        + " create --preserve-fds 1 --bundle "
                                        + fdsBundle
                                        + " --pid-file "
                                        + pidFile
                                        + " "
                                        + id)
                        .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "create finished");
        assertEquals(0, p.exitValue(), "create --preserve-fds 1\n" + read(out.toString()));
        assertTrue(
                cmdline(sentryOf(id)).contains(" sentry-spare "),
                "a spare took it: " + cmdline(sentryOf(id)));
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        assertEquals(0, oci.run("start", id).exitCode(), "start");
        eventually(() -> read(out.toString()).contains("deny_errno="), "the guest reported");
        asleep(pid);
        assertTrue(read(out.toString()).contains("deny_errno=ENOTTY"), read(out.toString()));
        assertEquals("three\n", read(three.toString()), "the caller's fd 3 reached the workload");
        assertEquals(
                Set.of("0", "1", "2", "3"),
                fds(pid),
                "its stdio and the preserved fd, nothing of the service's or the spare's");
        assertTrue(
                !fds(sentryOf(id)).isEmpty()
                        && Files.list(Path.of("/proc/" + sentryOf(id) + "/fd"))
                                .map(
                                        f -> {
                                            try {
                                                return Files.readSymbolicLink(f).toString();
                                            } catch (IOException e) {
                                                return "";
                                            }
                                        })
                                .noneMatch(t -> t.equals(three.toString())),
                "the spare keeps no copy of the caller's preserved fd once the workload has it");
        assertEquals(0, oci.run("delete", "--force", id).exitCode(), "delete");
    }

    @Test
    void withoutTheServiceCreateStartsASentryDaemon() throws Exception {
        Files.createDirectories(oci.root());
        Path b = mediated("oci-spare-none");
        Path out = b.resolve("out");
        String id = Sluice.unique("nosvc");
        // bin/sluice then runs each command as a JVM of its own: no service, so no spare.
        Process p =
                new ProcessBuilder(
                                "/bin/sh",
                                "-c",
                                "SLUICE_SERVICE=0 exec "
                                        + Sluice.bin()
                                        + " --root "
                                        + oci.root()
                                        + " create --bundle "
                                        + b
                                        + " --pid-file "
                                        + b.resolve("init.pid")
                                        + " "
                                        + id
                                        + " >"
                                        + out
                                        + " 2>&1 </dev/null")
                        .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "create finished");
        assertEquals(0, p.exitValue(), "create\n" + read(out.toString()));
        assertTrue(
                cmdline(sentryOf(id)).contains(" sentry-daemon "),
                "without a service the sentry is a daemon create started: "
                        + cmdline(sentryOf(id)));
        Sluice.Result start =
                Sluice.command("--root", oci.root().toString(), "start", id)
                        .env("SLUICE_SERVICE", "0")
                        .run();
        assertEquals(0, start.exitCode(), "start without the service\n" + start);
        eventually(() -> read(out.toString()).contains("deny_errno="), "the guest reported");
        assertTrue(read(out.toString()).contains("deny_errno=ENOTTY"), read(out.toString()));
        try (Stream<Path> s = Files.list(oci.root())) {
            assertTrue(
                    s.noneMatch(f -> f.getFileName().toString().startsWith(".sluice-service")),
                    "no service was started for this root");
        }
        assertEquals(0, oci.run("delete", "--force", id).exitCode(), "delete");
    }
}
