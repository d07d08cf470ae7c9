package dev.sluice.oci.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciException;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.sentry.guest.GuestCredentials;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the sentry's workers act as for a container's process: its own ids and effective
 * capabilities after exec.
 */
class WorkloadCredentialsTest {
    // include/uapi/linux/capability.h
    private static final long CHOWN = 1L << 0;
    private static final long KILL = 1L << 5;
    private static final long NET_BIND_SERVICE = 1L << 10;
    private static final long AUDIT_WRITE = 1L << 29;

    @TempDir Path dir;

    private static GuestCredentials of(Spec config, Spec.Process p) {
        return WorkloadCredentials.of(
                config, p, "config.json", (int) ProcessHandle.current().pid());
    }

    @Test
    void theDefaultConfigsRootProcessIsRootWithItsThreeCapabilities() {
        Spec c = Specs.defaultConfig();
        assertEquals(
                new GuestCredentials(0, 0, AUDIT_WRITE | KILL | NET_BIND_SERVICE),
                of(c, c.process()),
                "sluice spec's process: root with its effective set, not `sluice run`'s default set");
    }

    @Test
    void aRootProcessGetsTheEffectiveSetWithinWhatThePlanKeeps() throws IOException {
        Spec.Process p =
                Specs.process(
                        dir,
                        """
                {"args": ["sh"], "cwd": "/", "user": {"uid": 0, "gid": 0},
                 "capabilities": {"bounding": ["CAP_KILL", "CAP_CHOWN", "CAP_MKNOD"],
                                  "effective": ["CAP_KILL", "CAP_MKNOD", "CAP_SYS_ADMIN"]}}
                """);
        assertEquals(
                new GuestCredentials(0, 0, KILL),
                of(Specs.defaultConfig(), p),
                "effective, less what the bounding set does not keep (CAP_SYS_ADMIN) and CAP_MKNOD, which no mediated call needs");
    }

    @Test
    void aRootProcessWithoutCapabilitiesHasNone() throws IOException {
        Spec.Process p = Specs.process(dir, "{\"args\": [\"sh\"], \"cwd\": \"/\"}");
        assertEquals(
                GuestCredentials.root(0),
                of(Specs.defaultConfig(), p),
                "as the plan gives it: none, as runc gives none");
    }

    @Test
    void aNonRootProcessHoldsNoCapabilityAfterExec() throws IOException {
        Spec.Process p =
                Specs.process(
                        dir,
                        """
                {"args": ["sh"], "cwd": "/", "user": {"uid": 1000, "gid": 100},
                 "capabilities": {"bounding": ["CAP_KILL", "CAP_CHOWN"], "effective": ["CAP_KILL", "CAP_CHOWN"],
                                  "permitted": ["CAP_KILL", "CAP_CHOWN"]}}
                """);
        assertEquals(
                new GuestCredentials(1000, 100, 0),
                of(Specs.defaultConfig(), p),
                "its uid and gid; no capability (without ambient ones, execve leaves a non-root process none)");
        assertTrue((CHOWN & of(Specs.defaultConfig(), p).capabilities()) == 0, "none");
    }

    @Test
    void aNonRootProcessHoldsItsRaisableAmbientSetAfterExec() throws IOException {
        Spec.Process p =
                Specs.process(
                        dir,
                        """
                {"args": ["sh"], "cwd": "/", "user": {"uid": 1000, "gid": 100},
                 "capabilities": {"bounding": ["CAP_KILL", "CAP_CHOWN"],
                                  "permitted": ["CAP_KILL", "CAP_CHOWN"],
                                  "inheritable": ["CAP_KILL"],
                                  "ambient": ["CAP_KILL", "CAP_CHOWN"]}}
                """);
        assertEquals(
                new GuestCredentials(1000, 100, KILL),
                of(Specs.defaultConfig(), p),
                "CAP_KILL, ambient, permitted and inheritable, is raised; CAP_CHOWN, not"
                        + " inheritable, cannot be");
    }

    @Test
    void inAUserNamespaceTheHostIdsAndNoCapability() throws IOException {
        Spec c =
                SpecLoader.parse(
                        """
                {"ociVersion": "1.0.2", "root": {"path": "rootfs"}, "process": {"args": ["sh"], "cwd": "/",
                  "user": {"uid": 0, "gid": 0}, "capabilities": {"bounding": ["CAP_KILL"], "effective": ["CAP_KILL"]}},
                 "linux": {"namespaces": [{"type": "user"}, {"type": "mount"}],
                  "uidMappings": [{"containerID": 0, "hostID": 0, "size": 4294967295}],
                  "gidMappings": [{"containerID": 0, "hostID": 0, "size": 4294967295}]}}
                """
                                .getBytes(StandardCharsets.UTF_8),
                        "config.json");
        // This JVM's own maps (the host's identity map) stand in for init's.
        assertEquals(
                new GuestCredentials(0, 0, 0),
                of(c, c.process()),
                "its capabilities hold in its namespace only: none for the host's checks");
        Path map =
                Files.writeString(
                        dir.resolve("uid_map"),
                        "         0     100000      65536\n     70000     300000         10\n");
        assertEquals(100000, WorkloadCredentials.hostId(map, 0, "uid"), "container root");
        assertEquals(
                101000,
                WorkloadCredentials.hostId(map, 1000, "uid"),
                "uid 1000 of the first range");
        assertEquals(300005, WorkloadCredentials.hostId(map, 70005, "uid"), "a second range");
        OciException e =
                assertThrows(
                        OciException.class, () -> WorkloadCredentials.hostId(map, 65536, "uid"));
        assertTrue(e.getMessage().contains("uid 65536 is not mapped"), e.getMessage());
    }
}
