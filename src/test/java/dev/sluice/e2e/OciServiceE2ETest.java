package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The resident runtime service (docs/oci.md, "The runtime service"): the first command of a root
 * starts it, later ones are served by it, and what they start is still the caller's child, so that
 * a subreaper above the caller gets the container's init, as without the service.
 */
@RequiresRoot
@Timeout(180)
class OciServiceE2ETest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    @RegisterExtension final OciRoot oci = new OciRoot();

    private Optional<Path> socket() throws IOException {
        try (Stream<Path> s = Files.list(oci.root())) {
            return s.filter(p -> p.getFileName().toString().matches("\\.sluice-service-.*\\.sock"))
                    .findFirst();
        }
    }

    /** The service's host pid: the process whose command line names the socket. */
    private static Optional<Long> servicePid(Path socket) throws IOException {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(q -> q.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String cmd = Files.readString(p.resolve("cmdline")).replace('\0', ' ');
                    if (cmd.contains(" service --socket " + socket)) {
                        return Optional.of(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException e) {
                    // exited meanwhile
                }
            }
        }
        return Optional.empty();
    }

    @Test
    void theServiceServesTheShortCommandsAndTheCallerStartsTheContainer() throws Exception {
        Files.createDirectories(oci.root()); // an existing root: its commands go to its service
        Sluice.Result first = oci.run("list");
        assertEquals(
                0,
                first.exitCode(),
                "the first command starts the service and waits for it\n" + first);
        Path socket = null;
        for (int i = 0; i < 300 && socket == null; i++) {
            socket = socket().orElse(null);
            if (socket == null) {
                Thread.sleep(100);
            }
        }
        assertNotNull(socket, "it started a service, whose socket appears in the root");
        long service = servicePid(socket).orElseThrow();

        // A poststop hook that fails: delete logs a warning, which must reach the caller's stderr.
        Path b =
                OciBundle.create(
                        "oci-service",
                        java.util.List.of("sh", "-c", "echo served-out; exec sleep 100"),
                        c -> {
                            com.fasterxml.jackson.databind.node.ObjectNode hook =
                                    c.putObject("hooks").putArray("poststop").addObject();
                            hook.put("path", "/bin/sh");
                            hook.putArray("args")
                                    .add("sh")
                                    .add("-c")
                                    .add("echo poststop-says-no >&2; exit 3");
                        });
        String id = Sluice.unique("svc");
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        "--root",
                        oci.root().toString(),
                        "create",
                        "--bundle",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id)) {
            assertEquals(
                    "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
            long init = Long.parseLong(reaper.await("pid", WAIT));
            assertEquals(
                    Long.toString(reaper.pid()),
                    reaper.await("parent", WAIT),
                    "init is reparented to the caller's subreaper, not to the service (pid "
                            + service
                            + ")");
            assertEquals(0, oci.run("start", id).exitCode(), "start");
            for (int i = 0;
                    i < 100 && !OciBundle.Reaper.read(reaper.out).contains("served-out");
                    i++) {
                Thread.sleep(100);
            }
            assertEquals(
                    "served-out\n",
                    OciBundle.Reaper.read(reaper.out),
                    "the workload wrote to the caller's stdout");
            Sluice.Result state = oci.run("state", id);
            assertTrue(
                    state.stdout().contains("\"status\" : \"running\"")
                            && state.stdout().contains("\"pid\" : " + init),
                    "state on the caller's stdout\n" + state);
            Sluice.Result bad = oci.run("kill", id, "SIGBOGUS");
            assertEquals(1, bad.exitCode(), "an error's exit code comes back\n" + bad);
            assertTrue(
                    bad.stderr().contains("unknown signal \"SIGBOGUS\""),
                    "and its message on the caller's stderr\n" + bad);
            assertEquals(0, oci.run("kill", id, "KILL").exitCode(), "kill");
            assertEquals(
                    "137",
                    reaper.await("exit", WAIT),
                    "the caller's subreaper reaped init's status");
            Sluice.Result delete = oci.run("delete", id);
            assertEquals(0, delete.exitCode(), "delete\n" + delete);
            assertTrue(
                    delete.stderr().contains("hook poststop[0] /bin/sh: exited 3")
                            && delete.stderr().contains("poststop-says-no"),
                    "the failing poststop hook's warning reaches the caller's stderr, as from a JVM of its own\n"
                            + delete);
        }
        String log = Files.readString(oci.root().resolve(".sluice-service.log"));
        for (String cmd : new String[] {"create", "start", "state", "kill", "delete"}) {
            assertTrue(
                    log.contains("served [--root, " + oci.root() + ", " + cmd),
                    "the service ran " + cmd + ":\n" + log);
        }
        assertTrue(servicePid(socket).isPresent(), "the service keeps running between commands");

        Sluice.Result without =
                Sluice.command("--root", oci.root().toString(), "list", "-q")
                        .env("SLUICE_SERVICE", "0")
                        .run();
        assertEquals(
                0,
                without.exitCode(),
                "SLUICE_SERVICE=0 runs the command as a JVM of its own\n" + without);
        String served = Files.readString(oci.root().resolve(".sluice-service.log"));
        assertTrue(
                served.contains("served [--root, " + oci.root() + ", list]"),
                "the first list was served:\n" + served);
        assertFalse(
                served.contains("served [--root, " + oci.root() + ", list, -q]"),
                "the opted-out one was not:\n" + served);

        OciBundle.deleteRoot(oci.root());
        Optional<Long> left = Optional.of(service);
        for (int i = 0; i < 100 && left.isPresent(); i++) {
            Thread.sleep(100);
            left = servicePid(socket);
        }
        assertFalse(left.isPresent(), "the service ends once its oci.root() is gone");
    }
}
