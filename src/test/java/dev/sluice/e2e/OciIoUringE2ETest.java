package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * io_uring in an OCI container whose ioctls the sentry traps (the pty proxy stands in for a
 * mediated device): refused by Sluice's own filter, whatever the container's profile allows,
 * unless the config opts in with the annotation {@code dev.sluice.allow-io-uring}. A container
 * without a mediated device keeps io_uring, as under runc.
 */
@RequiresRoot
@Timeout(180)
class OciIoUringE2ETest {
    private Path root;

    @BeforeEach
    void setUp() {
        OciBundle.assumeBusybox();
        root = OciBundle.root();
    }

    @AfterEach
    void tearDown() {
        if (root != null) {
            OciBundle.deleteTree(root);
        }
        OciBundle.cleanup();
    }

    /** A bundle running {@code sluice-syscalls uring-socket} on a netlink socket, with {@code edit} applied. */
    private static Path bundle(Consumer<ObjectNode> edit) {
        List<String> args = new ArrayList<>(List.of("sluice-syscalls", "uring-socket"));
        args.addAll(SyscallProfileE2ETest.NETLINK_SOCKET);
        Path b = OciBundle.create("oci-uring", args, edit);
        try {
            Files.copy(SyscallProfileE2ETest.binary(), b.resolve("rootfs/bin/sluice-syscalls"),
                    StandardCopyOption.COPY_ATTRIBUTES);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b;
    }

    private Sluice.Result run(Path bundle) {
        Sluice.Result r = OciBundle.oci(root, "run", "-b", bundle.toString(), Sluice.unique("uring"));
        assertEquals(0, r.exitCode(), "the container runs to its end\n" + r);
        return r;
    }

    private static ObjectNode annotations(ObjectNode config) {
        return config.has("annotations") ? (ObjectNode) config.get("annotations") : config.putObject("annotations");
    }

    @Test
    void aContainerWithAMediatedDeviceGetsNoRingUnlessItOptsIn() {
        Sluice.Result plain = run(bundle(c -> { }));
        assertEquals("0", plain.value("uring_socket"), "without a mediated device io_uring works, as under runc\n" + plain);

        // A profile that allows io_uring by name does not help: Sluice's filter is stacked below it.
        Sluice.Result mediated = run(bundle(c -> {
            annotations(c).put("dev.sluice.proxies", "pty");
            ObjectNode s = ((ObjectNode) c.get("linux")).putObject("seccomp");
            s.put("defaultAction", "SCMP_ACT_ALLOW");
            s.putArray("syscalls").addObject().put("action", "SCMP_ACT_LOG").putArray("names").add("io_uring_setup");
        }));
        assertEquals("EPERM", mediated.value("uring_setup"), "no ring where the sentry traps ioctls\n" + mediated);
        assertFalse(mediated.values().containsKey("uring_socket"), mediated.toString());

        Sluice.Result optedIn = run(bundle(c -> annotations(c).put("dev.sluice.proxies", "pty")
                .put("dev.sluice.allow-io-uring", "true")));
        assertEquals("0", optedIn.value("uring_setup"), "the annotation is the explicit opt-in\n" + optedIn);
        assertEquals("16", optedIn.value("uring_socket_protocol"), optedIn.toString());
    }

    @Test
    void anAnnotationThatIsNeitherTrueNorFalseIsRefused() {
        Path b = bundle(c -> annotations(c).put("dev.sluice.proxies", "pty").put("dev.sluice.allow-io-uring", "yes"));
        Sluice.Result r = OciBundle.oci(root, "run", "-b", b.toString(), Sluice.unique("uring-bad"));
        assertEquals(1, r.exitCode(), "refused\n" + r);
        assertTrue(r.stderr().contains("dev.sluice.allow-io-uring") && r.stderr().contains("'yes'"),
                "names the annotation and the value\n" + r);
    }
}
