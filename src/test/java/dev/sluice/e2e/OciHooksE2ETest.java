package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * OCI hooks: every kind runs once, in the runtime spec's order, with the state JSON on stdin, in
 * the right namespaces (the container's hostname for createContainer and startContainer, the host's
 * for the others); startContainer's path resolves in the container; poststop runs at delete; a
 * failing createRuntime hook fails create with its output and leaves nothing. runc runs the same
 * bundle as the baseline where installed.
 */
@RequiresRoot
@Timeout(240)
class OciHooksE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> KINDS =
            List.of(
                    "prestart",
                    "createRuntime",
                    "createContainer",
                    "startContainer",
                    "poststart",
                    "poststop");
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

    /** A hook that appends "KIND HOSTNAME" and its stdin (the state) as one line to {@code log}. */
    private static ObjectNode hook(ArrayNode list, String kind, String log) {
        ObjectNode h = list.addObject();
        h.put("path", "/bin/sh");
        h.putArray("args")
                .add("sh")
                .add("-c")
                .add(
                        "printf '%s %s ' "
                                + kind
                                + " \"$(hostname)\" >> "
                                + log
                                + "; cat >> "
                                + log
                                + "; echo >> "
                                + log);
        h.putArray("env").add("PATH=/bin:/usr/bin");
        return h;
    }

    private static Path bundle(Path hostLog) {
        return OciBundle.create(
                "oci-hooks",
                List.of("sh", "-c", "echo workload"),
                c -> {
                    ((ObjectNode) c.get("root")).put("readonly", false);
                    ObjectNode hooks = c.putObject("hooks");
                    for (String k : KINDS) {
                        // startContainer runs in the container: its path and its log are the
                        // container's.
                        hook(
                                hooks.putArray(k),
                                k,
                                k.equals("startContainer") ? "/started.log" : hostLog.toString());
                    }
                });
    }

    private record Line(String kind, String host, JsonNode state) {}

    private static List<Line> lines(Path log) throws IOException {
        List<Line> out = new ArrayList<>();
        for (String l : Files.readAllLines(log)) {
            String[] p = l.split(" ", 3);
            out.add(new Line(p[0], p[1], JSON.readTree(p[2])));
        }
        return out;
    }

    private static void check(List<Line> host, List<Line> inside, String id, String runtime) {
        List<String> kinds = host.stream().map(Line::kind).toList();
        assertEquals(
                List.of("prestart", "createRuntime", "createContainer", "poststart", "poststop"),
                kinds,
                runtime + ": the runtime-side hooks in the spec's order, once each");
        assertEquals(
                1,
                inside.size(),
                runtime + ": startContainer once, in the container's file system");
        String container = "sluice";
        String hostName = host.get(0).host();
        assertFalse(
                hostName.equals(container),
                runtime + ": prestart runs in the host's uts namespace");
        assertEquals(
                container,
                inside.get(0).host(),
                runtime + ": startContainer runs in the container's");
        for (Line l : host) {
            assertEquals(
                    id, l.state().get("id").asText(), runtime + ": the state's id for " + l.kind());
        }
        assertEquals(
                "creating",
                host.get(1).state().get("status").asText(),
                runtime + ": createRuntime sees creating");
        assertEquals(
                "created",
                inside.get(0).state().get("status").asText(),
                runtime + ": startContainer sees created");
        assertEquals(
                "stopped",
                host.get(4).state().get("status").asText(),
                runtime + ": poststop sees stopped");
        assertTrue(
                host.get(0).state().get("pid").asInt() > 1,
                runtime + ": prestart gets the init's host pid");
    }

    @Test
    void everyKindRunsOnceInOrderInItsNamespaces() throws Exception {
        Path log = Sluice.workDir().resolve(Sluice.unique("hooks") + ".log");
        Path b = bundle(log);
        String id = Sluice.unique("hk");
        Sluice.Result r = Sluice.run("--root", root.toString(), "run", "-b", b.toString(), id);
        assertEquals(0, r.exitCode(), "run\n" + r);
        assertEquals("workload\n", r.stdout(), "the workload ran\n" + r);
        check(lines(log), lines(b.resolve("rootfs/started.log")), id, "sluice");
        Path runc = Path.of("/usr/sbin/runc");
        if (!Files.isExecutable(runc)) {
            System.out.println(
                    "SKIPPED (runc baseline): "
                            + runc
                            + " is missing; install runc (containerd brings it)");
            return;
        }
        Files.delete(log);
        Files.delete(b.resolve("rootfs/started.log"));
        String rid = Sluice.unique("rhk");
        Process p =
                new ProcessBuilder(
                                runc.toString(),
                                "--root",
                                root.resolve("runc").toString(),
                                "run",
                                "-b",
                                b.toString(),
                                rid)
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "runc finished");
        assertEquals(0, p.exitValue(), "runc: " + new String(p.getErrorStream().readAllBytes()));
        check(lines(log), lines(b.resolve("rootfs/started.log")), rid, "runc");
        Files.deleteIfExists(log);
    }

    @Test
    void aFailingCreateRuntimeHookFailsCreateAndLeavesNothing() {
        Path b =
                OciBundle.create(
                        "oci-hook-fail",
                        List.of("true"),
                        c -> {
                            ObjectNode h =
                                    c.putObject("hooks").putArray("createRuntime").addObject();
                            h.put("path", "/bin/sh");
                            h.putArray("args")
                                    .add("sh")
                                    .add("-c")
                                    .add("echo no network for you >&2; exit 3");
                        });
        String id = Sluice.unique("hkf");
        Sluice.Result r =
                Sluice.run("--root", root.toString(), "create", "--bundle", b.toString(), id);
        assertEquals(1, r.exitCode(), "create fails\n" + r);
        assertTrue(
                r.stderr().contains("hook createRuntime[0] /bin/sh: exited 3: no network for you"),
                "names the hook, its status and its output\n" + r);
        assertFalse(Files.exists(root.resolve(id)), "no state is left");
    }
}
