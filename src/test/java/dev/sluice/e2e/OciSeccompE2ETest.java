package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A container's own seccomp profile ({@code linux.seccomp}) stacked on Sluice's notify filter:
 * the profile is enforced as runc enforces it (same output, same exit status, runc as the baseline
 * in the same test where it is installed), and a profile that allows every ioctl does not take a
 * device ioctl away from the sentry.
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

    /** mkdir refused with EACCES; chmod refused (EPERM, the default) only for mode 0777: a conditional rule. */
    private static void profile(ObjectNode config, boolean allowIoctl) {
        ObjectNode s = ((ObjectNode) config.get("linux")).putObject("seccomp");
        s.put("defaultAction", "SCMP_ACT_ALLOW");
        s.putArray("architectures").add("SCMP_ARCH_X86_64").add("SCMP_ARCH_X86").add("SCMP_ARCH_X32");
        ArrayNode calls = s.putArray("syscalls");
        ObjectNode mkdir = calls.addObject();
        mkdir.putArray("names").add("mkdir").add("mkdirat").add("no_such_syscall_anywhere");
        mkdir.put("action", "SCMP_ACT_ERRNO");
        mkdir.put("errnoRet", 13);
        ObjectNode chmod = calls.addObject();
        chmod.putArray("names").add("chmod");
        chmod.put("action", "SCMP_ACT_ERRNO");
        chmod.putArray("args").addObject().put("index", 1).put("op", "SCMP_CMP_EQ").put("value", 511);
        ObjectNode fchmodat = calls.addObject();
        fchmodat.putArray("names").add("fchmodat");
        fchmodat.put("action", "SCMP_ACT_ERRNO");
        fchmodat.putArray("args").addObject().put("index", 2).put("op", "SCMP_CMP_MASKED_EQ").put("value", 0777)
                .put("valueTwo", 0777);
        if (allowIoctl) {
            ObjectNode ioctl = calls.addObject();
            ioctl.putArray("names").add("ioctl");
            ioctl.put("action", "SCMP_ACT_LOG");
        }
    }

    @Test
    void theProfileIsEnforcedAsRuncEnforcesIt() throws Exception {
        String script = "mkdir /tmp/a 2>/dev/null && echo mkdir=ok || echo mkdir=refused; "
                + "touch /tmp/f; chmod 777 /tmp/f 2>/dev/null && echo chmod777=ok || echo chmod777=refused; "
                + "chmod 700 /tmp/f && echo chmod700=ok; exit 3";
        Path b = OciBundle.create("oci-seccomp", List.of("sh", "-c", script), c -> {
            profile(c, false);
            ((ObjectNode) c.get("root")).put("readonly", false);
        });
        Files.createSymbolicLink(b.resolve("rootfs/bin/mkdir"), Path.of("busybox"));
        Files.createSymbolicLink(b.resolve("rootfs/bin/chmod"), Path.of("busybox"));
        Files.createSymbolicLink(b.resolve("rootfs/bin/touch"), Path.of("busybox"));
        Files.createDirectories(b.resolve("rootfs/tmp"));
        Sluice.Result s = Sluice.run("--root", root.toString(), "run", "-b", b.toString(), Sluice.unique("sc"));
        assertEquals(3, s.exitCode(), "the workload's exit status\n" + s);
        String expected = "mkdir=refused\nchmod777=refused\nchmod700=ok\n";
        assertEquals(expected, s.stdout(), "the profile's rules, conditions included\n" + s);
        Path runc = Path.of("/usr/sbin/runc");
        if (!Files.isExecutable(runc)) {
            System.out.println("SKIPPED (runc baseline): " + runc + " is missing; install runc (containerd brings it)");
            return;
        }
        Process p = new ProcessBuilder(runc.toString(), "--root", root.resolve("runc").toString(), "run", "-b", b.toString(),
                Sluice.unique("rc")).redirectErrorStream(false).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "runc finished");
        assertEquals(3, p.exitValue(), "runc: the same exit status");
        assertEquals(expected, out, "runc: the same behaviour");
    }

    @Test
    void aProfileThatAllowsIoctlsDoesNotBypassTheSentry() {
        Path b = OciBundle.create("oci-seccomp-pty", List.of("sluice-testguest", "deny"), c -> {
            c.putObject("annotations").put("dev.sluice.proxies", "pty");
            profile(c, true);
        });
        String id = Sluice.unique("scpty");
        Sluice.Result r = Sluice.run("--root", root.toString(), "run", "-b", b.toString(), id);
        assertEquals(0, r.exitCode(), "the guest runs\n" + r);
        assertEquals("ENOTTY", r.value("deny_errno"),
                "TIOCGPTLCK still reaches the sentry's pty proxy, which denies it (natively it succeeds)\n" + r);
    }

    @Test
    void aBadProfileIsRefusedNamingTheField() {
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"defaultAction", "SCMP_ACT_NOTIFY", "linux.seccomp.defaultAction"});
        cases.add(new String[] {"defaultAction", "SCMP_ACT_EXPLODE", "linux.seccomp.defaultAction"});
        for (String[] c : cases) {
            Path b = OciBundle.create("oci-seccomp-bad", List.of("true"), cfg -> {
                profile(cfg, false);
                ((ObjectNode) cfg.get("linux").get("seccomp")).put(c[0], c[1]);
            });
            Sluice.Result r = Sluice.run("--root", root.toString(), "run", "-b", b.toString(), Sluice.unique("bad"));
            assertEquals(1, r.exitCode(), "refused\n" + r);
            assertTrue(r.stderr().contains(c[2]) && r.stderr().contains(c[1]), "names the field and value\n" + r);
        }
    }
}
