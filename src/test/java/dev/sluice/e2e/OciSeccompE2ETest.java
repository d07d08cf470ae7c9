package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A container's own seccomp profile ({@code linux.seccomp}) stacked on Sluice's notify filter: the
 * profile is enforced as runc enforces it (same output, same exit status, runc as the baseline in
 * the same test where it is installed), and a profile that allows every ioctl does not take a
 * device ioctl away from the sentry, nor io_uring back from Sluice's own filter.
 */
@RequiresRoot
@Timeout(180)
class OciSeccompE2ETest {
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

    /**
     * mkdir refused with EACCES; chmod refused (EPERM, the default) only for mode 0777: a
     * conditional rule.
     */
    private static void profile(ObjectNode config, boolean allowIoctl) {
        ObjectNode s = ((ObjectNode) config.get("linux")).putObject("seccomp");
        s.put("defaultAction", "SCMP_ACT_ALLOW");
        s.putArray("architectures")
                .add("SCMP_ARCH_X86_64")
                .add("SCMP_ARCH_X86")
                .add("SCMP_ARCH_X32");
        ArrayNode calls = s.putArray("syscalls");
        ObjectNode mkdir = calls.addObject();
        mkdir.putArray("names").add("mkdir").add("mkdirat").add("no_such_syscall_anywhere");
        mkdir.put("action", "SCMP_ACT_ERRNO");
        mkdir.put("errnoRet", 13);
        ObjectNode chmod = calls.addObject();
        chmod.putArray("names").add("chmod");
        chmod.put("action", "SCMP_ACT_ERRNO");
        chmod.putArray("args")
                .addObject()
                .put("index", 1)
                .put("op", "SCMP_CMP_EQ")
                .put("value", 511);
        ObjectNode fchmodat = calls.addObject();
        fchmodat.putArray("names").add("fchmodat");
        fchmodat.put("action", "SCMP_ACT_ERRNO");
        fchmodat.putArray("args")
                .addObject()
                .put("index", 2)
                .put("op", "SCMP_CMP_MASKED_EQ")
                .put("value", 0777)
                .put("valueTwo", 0777);
        if (allowIoctl) {
            ObjectNode ioctl = calls.addObject();
            ioctl.putArray("names").add("ioctl");
            ioctl.put("action", "SCMP_ACT_LOG");
        }
    }

    @Test
    void theProfileIsEnforcedAsRuncEnforcesIt() throws Exception {
        String script =
                "mkdir /tmp/a 2>/dev/null && echo mkdir=ok || echo mkdir=refused; "
                        + "touch /tmp/f; chmod 777 /tmp/f 2>/dev/null && echo chmod777=ok || echo chmod777=refused; "
                        + "chmod 700 /tmp/f && echo chmod700=ok; exit 3";
        Path b =
                OciBundle.create(
                        "oci-seccomp",
                        List.of("sh", "-c", script),
                        c -> {
                            profile(c, false);
                            ((ObjectNode) c.get("root")).put("readonly", false);
                        });
        Files.createSymbolicLink(b.resolve("rootfs/bin/mkdir"), Path.of("busybox"));
        Files.createSymbolicLink(b.resolve("rootfs/bin/chmod"), Path.of("busybox"));
        Files.createSymbolicLink(b.resolve("rootfs/bin/touch"), Path.of("busybox"));
        Files.createDirectories(b.resolve("rootfs/tmp"));
        Sluice.Result s =
                Sluice.run(
                        "--root", root.toString(), "run", "-b", b.toString(), Sluice.unique("sc"));
        assertEquals(3, s.exitCode(), "the workload's exit status\n" + s);
        String expected = "mkdir=refused\nchmod777=refused\nchmod700=ok\n";
        assertEquals(expected, s.stdout(), "the profile's rules, conditions included\n" + s);
        Path runc = Path.of("/usr/sbin/runc");
        if (!Files.isExecutable(runc)) {
            System.out.println(
                    "SKIPPED (runc baseline): "
                            + runc
                            + " is missing; install runc (containerd brings it)");
            return;
        }
        Process p =
                new ProcessBuilder(
                                runc.toString(),
                                "--root",
                                root.resolve("runc").toString(),
                                "run",
                                "-b",
                                b.toString(),
                                Sluice.unique("rc"))
                        .redirectErrorStream(false)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "runc finished");
        assertEquals(3, p.exitValue(), "runc: the same exit status");
        assertEquals(expected, out, "runc: the same behaviour");
    }

    @Test
    void aProfileThatAllowsIoctlsDoesNotBypassTheSentry() {
        Path b =
                OciBundle.create(
                        "oci-seccomp-pty",
                        List.of("sluice-testguest", "deny"),
                        c -> {
                            c.putObject("annotations").put("dev.sluice.proxies", "pty");
                            profile(c, true);
                        });
        String id = Sluice.unique("scpty");
        Sluice.Result r = Sluice.run("--root", root.toString(), "run", "-b", b.toString(), id);
        assertEquals(0, r.exitCode(), "the guest runs\n" + r);
        assertEquals(
                "ENOTTY",
                r.value("deny_errno"),
                "TIOCGPTLCK still reaches the sentry's pty proxy, which denies it (natively it succeeds)\n"
                        + r);
    }

    @Test
    void aBadProfileIsRefusedNamingTheField() {
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"defaultAction", "SCMP_ACT_NOTIFY", "linux.seccomp.defaultAction"});
        cases.add(
                new String[] {"defaultAction", "SCMP_ACT_EXPLODE", "linux.seccomp.defaultAction"});
        for (String[] c : cases) {
            Path b =
                    OciBundle.create(
                            "oci-seccomp-bad",
                            List.of("true"),
                            cfg -> {
                                profile(cfg, false);
                                ((ObjectNode) cfg.get("linux").get("seccomp")).put(c[0], c[1]);
                            });
            Sluice.Result r =
                    Sluice.run(
                            "--root",
                            root.toString(),
                            "run",
                            "-b",
                            b.toString(),
                            Sluice.unique("bad"));
            assertEquals(1, r.exitCode(), "refused\n" + r);
            assertTrue(
                    r.stderr().contains(c[2]) && r.stderr().contains(c[1]),
                    "names the field and value\n" + r);
        }
    }

    /**
     * A bundle running {@code sluice-syscalls uring-socket} on a netlink socket, with {@code edit}
     * applied.
     */
    private static Path uringBundle(Consumer<ObjectNode> edit) throws IOException {
        List<String> args = new ArrayList<>(List.of(SyscallProfileE2ETest.GUEST, "uring-socket"));
        args.addAll(SyscallProfileE2ETest.NETLINK_SOCKET);
        Path b = OciBundle.create("oci-uring", args, edit);
        Files.copy(
                Sluice.guestBinary(SyscallProfileE2ETest.GUEST),
                b.resolve("rootfs/bin/" + SyscallProfileE2ETest.GUEST),
                StandardCopyOption.COPY_ATTRIBUTES);
        return b;
    }

    private static ObjectNode annotations(ObjectNode config) {
        return config.has("annotations")
                ? (ObjectNode) config.get("annotations")
                : config.putObject("annotations");
    }

    private Sluice.Result runToEnd(Path bundle) {
        Sluice.Result r =
                Sluice.run(
                        "--root",
                        root.toString(),
                        "run",
                        "-b",
                        bundle.toString(),
                        Sluice.unique("uring"));
        assertEquals(0, r.exitCode(), "the container runs to its end\n" + r);
        return r;
    }

    /**
     * io_uring where the sentry traps the container's ioctls (the pty proxy stands in for a
     * mediated device): refused by Sluice's own filter, even where the profile allows it by name,
     * unless the config opts in with {@code dev.sluice.allow-io-uring}. Without a mediated device
     * the container keeps io_uring, as under runc.
     */
    @Test
    void aContainerWithAMediatedDeviceGetsNoRingUnlessItOptsIn() throws IOException {
        Sluice.Result plain = runToEnd(uringBundle(c -> {}));
        assertEquals(
                "0",
                plain.value("uring_socket"),
                "without a mediated device io_uring works, as under runc\n" + plain);

        Sluice.Result mediated =
                runToEnd(
                        uringBundle(
                                c -> {
                                    annotations(c).put("dev.sluice.proxies", "pty");
                                    ObjectNode s =
                                            ((ObjectNode) c.get("linux")).putObject("seccomp");
                                    s.put("defaultAction", "SCMP_ACT_ALLOW");
                                    s.putArray("syscalls")
                                            .addObject()
                                            .put("action", "SCMP_ACT_LOG")
                                            .putArray("names")
                                            .add("io_uring_setup");
                                }));
        assertEquals(
                "EPERM",
                mediated.value("uring_setup"),
                "no ring where the sentry traps ioctls, though the profile allows it by name\n"
                        + mediated);
        assertFalse(mediated.values().containsKey("uring_socket"), mediated.toString());

        Sluice.Result optedIn =
                runToEnd(
                        uringBundle(
                                c ->
                                        annotations(c)
                                                .put("dev.sluice.proxies", "pty")
                                                .put("dev.sluice.allow-io-uring", "true")));
        assertEquals(
                "0",
                optedIn.value("uring_setup"),
                "the annotation is the explicit opt-in\n" + optedIn);
        assertEquals("16", optedIn.value("uring_socket_protocol"), optedIn.toString());
    }

    @Test
    void anIoUringAnnotationThatIsNeitherTrueNorFalseIsRefused() throws IOException {
        Path b =
                uringBundle(
                        c ->
                                annotations(c)
                                        .put("dev.sluice.proxies", "pty")
                                        .put("dev.sluice.allow-io-uring", "yes"));
        Sluice.Result r =
                Sluice.run(
                        "--root",
                        root.toString(),
                        "run",
                        "-b",
                        b.toString(),
                        Sluice.unique("uring-bad"));
        assertEquals(1, r.exitCode(), "refused\n" + r);
        assertTrue(
                r.stderr().contains("dev.sluice.allow-io-uring") && r.stderr().contains("\"yes\""),
                "names the annotation and the value\n" + r);
    }
}
