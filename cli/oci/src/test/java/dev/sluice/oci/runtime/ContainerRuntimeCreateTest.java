package dev.sluice.oci.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import dev.sluice.oci.cgroup.Cgroup;
import dev.sluice.oci.cgroup.FakeKernel;
import dev.sluice.oci.ipc.DaemonReport;
import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.oci.state.ContainerState;
import dev.sluice.sentry.ipc.FrameCodec;
import dev.sluice.sentry.launch.HostProcess;
import dev.sluice.sentry.launch.Spawner;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * {@code create} on a cgroup filesystem in a temporary directory ({@link FakeKernel}) and with a
 * spawner that starts nothing of Sluice's: every refusal leaves nothing behind, every failure after
 * a step that leaves something undoes it (the sentry stopped, the cgroup removed, the state
 * directory removed), and a container that is up keeps all three.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ContainerRuntimeCreateTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ID = "c1";

    @TempDir Path tmp;

    private Path bundle;
    private Path root;
    private FakeKernel kernel;

    /** Every process a test starts, killed after it. */
    private final List<Process> started = new ArrayList<>();

    /** The daemon command lines the spawner was asked to start. */
    private final List<List<String>> spawned = new ArrayList<>();

    @BeforeEach
    void bundleAndRoot() throws IOException {
        bundle = tmp.resolve("bundle");
        Path bin = Files.createDirectories(bundle.resolve("rootfs/bin"));
        Files.writeString(bin.resolve("sh"), "#!");
        Files.setPosixFilePermissions(
                bin.resolve("sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
        root = tmp.resolve("root");
        kernel = new FakeKernel(tmp, false);
    }

    @AfterEach
    void killWhatWasStarted() {
        started.forEach(Process::destroyForcibly);
    }

    private void config(Consumer<ObjectNode> edit) throws IOException {
        ObjectNode c = (ObjectNode) JSON.readTree(DefaultSpec.json());
        ((ObjectNode) c.get("process")).put("terminal", false);
        edit.accept(c);
        Files.writeString(bundle.resolve("config.json"), JSON.writeValueAsString(c));
    }

    private ContainerRuntime runtime() {
        return new ContainerRuntime(root, false, kernel::host, kernel);
    }

    /** How the fake spawner answers a request to start the detached sentry. */
    private interface Daemon {
        int start(List<Spawner.Fd> fds) throws IOException;
    }

    private ContainerRuntime.Launch launch(boolean sentry, Daemon daemon) {
        Spawner spawner =
                new Spawner() {
                    @Override
                    public int spawn(
                            String file, List<String> argv, List<String> env, List<Fd> fds) {
                        spawned.add(argv);
                        try {
                            return daemon.start(fds);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    }

                    @Override
                    public int parentPid() {
                        return (int) ProcessHandle.current().pid();
                    }

                    @Override
                    public int waitFor(int pid) {
                        return 0;
                    }
                };
        return new ContainerRuntime.Launch(
                null,
                0,
                () -> Path.of("/nonexistent/sluice-init"),
                config -> sentry,
                b -> List.of("/nonexistent/sluice", "sentry-daemon", b.toString()),
                spawner,
                List.of(),
                () -> {
                    throw new IllegalStateException("no NVIDIA driver in this test");
                });
    }

    private ContainerRuntime.Launch unusedLaunch() {
        return launch(
                true,
                fds -> {
                    throw new AssertionError("nothing may be started for a refused container");
                });
    }

    /** A process of the test's own, standing in for the container's init or its sentry. */
    private Process sleeper() throws IOException {
        Process p = new ProcessBuilder("sleep", "60").start();
        started.add(p);
        return p;
    }

    /** The spawned daemon's report, written on the fd create gave it, as the sentry writes it. */
    private static void report(List<Spawner.Fd> fds, DaemonReport report) {
        OciNative.write(fds.get(0).source(), FrameCodec.encode(report.frame()));
    }

    /** Every directory of the fake cgroup filesystem named like the container's cgroup. */
    private List<Path> containerCgroups() throws IOException {
        try (Stream<Path> s = Files.walk(kernel.base)) {
            return s.filter(p -> Files.isDirectory(p) && p.getFileName().toString().equals(ID))
                    .toList();
        }
    }

    private void assertNothingLeft(String after) throws IOException {
        assertFalse(Files.exists(root.resolve(ID)), "no state directory after " + after);
        assertEquals(List.of(), containerCgroups(), "no cgroup after " + after);
    }

    @Test
    void aRefusedConfigLeavesNothing() throws IOException {
        config(
                c ->
                        ((ArrayNode) c.get("mounts"))
                                .addObject()
                                .put("destination", "/x")
                                .put("type", "devtmpfs")
                                .put("source", "devtmpfs"));
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () -> runtime().create(ID, bundle, null, unusedLaunch()));
        assertEquals("mounts[7].type", e.field(), e.getMessage());
        assertNothingLeft("a refused config");
    }

    @Test
    void aRefusedCgroupPathLeavesNothing() throws IOException {
        config(c -> ((ObjectNode) c.get("linux")).put("cgroupsPath", "/"));
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () -> runtime().create(ID, bundle, null, unusedLaunch()));
        assertEquals("linux.cgroupsPath", e.field(), e.getMessage());
        assertNothingLeft("a refused cgroupsPath");
    }

    @Test
    void anIdInUseIsAnotherContainersAndStaysAsItIs() throws IOException {
        config(c -> {});
        Path other = Files.createDirectories(root.resolve(ID));
        Files.writeString(other.resolve("state.json"), "{\"id\":\"" + ID + "\"}");
        OciException e =
                assertThrows(
                        OciException.class,
                        () -> runtime().create(ID, bundle, null, unusedLaunch()));
        assertTrue(e.getMessage().contains("container with id exists"), e.getMessage());
        assertEquals(
                "{\"id\":\"" + ID + "\"}",
                Files.readString(other.resolve("state.json")),
                "the other container's state");
        assertEquals(List.of(), containerCgroups(), "no cgroup made for a refused id");
    }

    /** A cgroup that holds processes is someone else's: refused, and neither killed nor removed. */
    @Test
    void aBusyCgroupIsRefusedAndLeftAsItIs() throws IOException {
        config(c -> {});
        Process other = sleeper();
        Cgroup busy = kernel.host().cgroup("/sluice/" + ID);
        busy.create(Set.of());
        busy.enter((int) other.pid());
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () -> runtime().create(ID, bundle, null, unusedLaunch()));
        assertTrue(e.getMessage().contains("already holds processes"), e.getMessage());
        assertFalse(Files.exists(root.resolve(ID)), "the state directory is removed");
        assertTrue(other.isAlive(), "the busy cgroup's process is not killed");
        assertEquals(List.of((int) other.pid()), busy.pids(), "and the busy cgroup stays, with it");
    }

    /** The cgroup is made, then a limit is refused by the kernel: the cgroup goes again. */
    @ParameterizedTest(name = "cgroup v2: {0}")
    @ValueSource(booleans = {false, true})
    void aLimitTheKernelRefusesUndoesTheCgroup(boolean v2) throws IOException {
        kernel = new FakeKernel(tmp.resolve(v2 ? "v2" : "v1"), v2);
        config(
                c ->
                        ((ObjectNode) c.get("linux"))
                                .putObject("resources")
                                .putObject("pids")
                                .put("limit", 8));
        kernel.refuse.put("pids.max", "8");
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () -> runtime().create(ID, bundle, null, unusedLaunch()));
        assertEquals("linux.resources.pids.limit", e.field(), e.getMessage());
        assertNothingLeft("a limit the kernel refused");
        assertTrue(spawned.isEmpty(), "nothing started");
    }

    @Test
    void aSentryThatCannotBeStartedUndoesTheCgroupAndTheState() throws IOException {
        config(c -> {});
        OciException e =
                assertThrows(
                        OciException.class,
                        () ->
                                runtime()
                                        .create(
                                                ID,
                                                bundle,
                                                null,
                                                launch(
                                                        true,
                                                        fds -> {
                                                            assertFalse(
                                                                    containerCgroups().isEmpty(),
                                                                    "the cgroup exists before the sentry starts");
                                                            throw new OciException(
                                                                    "cannot start the sentry");
                                                        })));
        assertEquals("cannot start the sentry", e.getMessage());
        assertNothingLeft("a sentry that could not start");
    }

    /** The sentry starts, then fails create: it is stopped, and the cgroup and the state go. */
    @Test
    void aSentryThatFailsCreateIsStoppedAndEverythingGoes() throws Exception {
        config(c -> {});
        List<Process> daemons = new ArrayList<>();
        OciException e =
                assertThrows(
                        OciException.class,
                        () ->
                                runtime()
                                        .create(
                                                ID,
                                                bundle,
                                                null,
                                                launch(
                                                        true,
                                                        fds -> {
                                                            Process d = sleeper();
                                                            daemons.add(d);
                                                            report(
                                                                    fds,
                                                                    new DaemonReport.Failed(
                                                                            "the workload could not start"));
                                                            return (int) d.pid();
                                                        })));
        assertEquals("the workload could not start", e.getMessage());
        assertTrue(
                daemons.get(0).waitFor(15, TimeUnit.SECONDS) || !daemons.get(0).isAlive(),
                "the sentry is stopped (killed once it does not exit by itself)");
        assertNothingLeft("a sentry that reported a failure");
    }

    @Test
    void aSentryThatExitsWithoutAWordUndoesEverything() throws IOException {
        config(c -> {});
        OciException e =
                assertThrows(
                        OciException.class,
                        () ->
                                runtime()
                                        .create(
                                                ID,
                                                bundle,
                                                null,
                                                launch(
                                                        true,
                                                        fds -> {
                                                            Process gone =
                                                                    new ProcessBuilder("true")
                                                                            .start();
                                                            started.add(gone);
                                                            return (int) gone.pid();
                                                        })));
        assertTrue(e.getMessage().contains("exited during create without a word"), e.getMessage());
        assertNothingLeft("a sentry that said nothing");
    }

    /**
     * Without a sentry create brings the container up itself; init failing to start undoes
     * everything.
     */
    @Test
    void aContainerWithoutSentryWhoseInitCannotStartLeavesNothing() throws IOException {
        config(c -> {});
        assertThrows(
                RuntimeException.class,
                () ->
                        runtime()
                                .create(
                                        ID,
                                        bundle,
                                        null,
                                        launch(
                                                false,
                                                fds -> {
                                                    throw new IllegalStateException(
                                                            "cannot start sluice-init");
                                                })));
        assertFalse(spawned.isEmpty(), "create itself tried to start sluice-init");
        assertNothingLeft("an init that could not start");
    }

    @Test
    void aContainerThatIsUpKeepsItsStateCgroupAndSentry() throws Exception {
        config(
                c ->
                        ((ObjectNode) c.get("linux"))
                                .putObject("resources")
                                .putObject("pids")
                                .put("limit", 8));
        Process daemon = sleeper();
        Process init = sleeper();
        HostProcess i = HostProcess.of((int) init.pid());
        Path pidFile = tmp.resolve("pid");
        ContainerRuntime rt = runtime();
        int pid =
                rt.create(
                        ID,
                        bundle,
                        pidFile,
                        launch(
                                true,
                                fds -> {
                                    report(fds, new DaemonReport.Created(i.pid(), i.startTime()));
                                    return (int) daemon.pid();
                                }));
        assertEquals(i.pid(), pid, "create returns init's pid");
        assertEquals(Integer.toString(i.pid()), Files.readString(pidFile), "--pid-file");
        ContainerState s = rt.store().read(ID).orElseThrow();
        assertEquals(i.pid(), s.pid(), "init recorded");
        assertEquals(i.startTime(), s.pidStartTime(), "with its start time");
        assertEquals(daemon.pid(), s.sentryPid(), "the sentry recorded");
        assertEquals(
                "8", kernel.at("pids/sluice/" + ID + "/pids.max"), "the cgroup made and limited");
        assertTrue(daemon.isAlive(), "the sentry keeps running");
        assertEquals(
                List.of(List.of("/nonexistent/sluice", "sentry-daemon", bundle.toString(), ID)),
                spawned,
                "the sentry's command line, the id appended");
        assertEquals(
                List.of(),
                rt.pids(ID),
                "pids come from the recorded cgroup, read through the runtime's cgroup fs");
    }
}
