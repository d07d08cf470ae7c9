package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Containers in a user namespace of their own ({@code linux.uidMappings} and {@code gidMappings},
 * container ids 0-65535 on host ids 100000-165535): the process is root inside and host uid 100000
 * outside, as under runc (the baseline, run on the same bundle in the same test where installed);
 * exec enters the same user namespace; the sentry still mediates the container's ioctls; and bad
 * maps or mounts the kernel would refuse inside fail create, naming the field, leaving nothing.
 */
@RequiresRoot
@Timeout(240)
class OciUserNamespaceE2ETest {
    private static final long HOST_ID = 100000;
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Path RUNC = Path.of("/usr/sbin/runc");
    @RegisterExtension final OciRoot oci = new OciRoot();

    /**
     * Adds a user namespace with container ids 0-65535 on host ids 100000-165535, for users and
     * groups.
     */
    private static void userns(ObjectNode config) {
        ObjectNode linux = (ObjectNode) config.get("linux");
        ((ArrayNode) linux.get("namespaces")).addObject().put("type", "user");
        linux.putArray("uidMappings")
                .addObject()
                .put("containerID", 0)
                .put("hostID", HOST_ID)
                .put("size", 65536);
        linux.putArray("gidMappings")
                .addObject()
                .put("containerID", 0)
                .put("hostID", HOST_ID)
                .put("size", 65536);
    }

    /**
     * A bundle in a user namespace, its rootfs (and {@code data/}, bound read-write at /data) owned
     * by the container's root.
     */
    private static Path bundle(String name, List<String> args, Consumer<ObjectNode> edit)
            throws IOException, InterruptedException {
        Path b =
                OciBundle.create(
                        name,
                        args,
                        c -> {
                            userns(c);
                            ((ArrayNode) c.get("mounts"))
                                    .addObject()
                                    .put("destination", "/data")
                                    .put("type", "bind")
                                    .put("source", "data")
                                    .putArray("options")
                                    .add("rbind")
                                    .add("rw");
                            edit.accept(c);
                        });
        Files.createSymbolicLink(b.resolve("rootfs/bin/touch"), Path.of("busybox"));
        Files.createDirectories(b.resolve("data"));
        chown(b.resolve("rootfs"), b.resolve("data"));
        return b;
    }

    private static void chown(Path... paths) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("chown", "-R", HOST_ID + ":" + HOST_ID));
        for (Path p : paths) {
            cmd.add(p.toString());
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(
                p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0,
                "chown -R the rootfs: " + out);
    }

    private static long owner(Path p, String attribute) throws IOException {
        return Integer.toUnsignedLong((Integer) Files.getAttribute(p, "unix:" + attribute));
    }

    private static String link(Path p) throws IOException {
        return Files.readSymbolicLink(p).toString();
    }

    @Test
    void theProcessIsRootInsideAndHostUid100000OutsideAsUnderRunc() throws Exception {
        String script =
                "id -u; id -g; cat /proc/self/uid_map /proc/self/gid_map /proc/self/setgroups; touch /data/made;"
                        + " stat -c %u:%g /data/made; echo > /not-here 2>/dev/null || echo root-read-only; exit 5";
        Path b = bundle("oci-userns", List.of("sh", "-c", script), c -> {});
        Path made = b.resolve("data/made");
        String expected =
                "0\n0\n         0     100000      65536\n         0     100000      65536\nallow\n0:0\nroot-read-only\n";

        Sluice.Result s = oci.run("run", "-b", b.toString(), Sluice.unique("uns"));
        assertEquals(5, s.exitCode(), "the workload's exit status\n" + s);
        assertEquals(
                expected,
                s.stdout(),
                "uid and gid 0 inside, the maps, setgroups allowed, a file of 0:0 inside\n" + s);
        assertEquals(
                HOST_ID,
                owner(made, "uid"),
                "the file the container's oci.root() made is host uid 100000's");
        assertEquals(HOST_ID, owner(made, "gid"), "and host gid 100000's");
        assertFalse(s.hasStackTrace(), s.toString());

        if (!Files.isExecutable(RUNC)) {
            System.out.println(
                    "SKIPPED (runc baseline): "
                            + RUNC
                            + " is missing; install runc (containerd brings it)");
            return;
        }
        Files.delete(made);
        Process p =
                new ProcessBuilder(
                                RUNC.toString(),
                                "--root",
                                oci.root().resolve("runc").toString(),
                                "run",
                                "-b",
                                b.toString(),
                                Sluice.unique("rc"))
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "runc finished");
        assertEquals(5, p.exitValue(), "runc: the same exit status\n" + err);
        assertEquals(s.stdout(), out, "runc: the same output\n" + err);
        assertEquals(HOST_ID, owner(made, "uid"), "runc: the same host owner");
    }

    @Test
    void execEntersTheContainersUserNamespace() throws Exception {
        Path b = bundle("oci-userns-exec", List.of("sh", "-c", "exec sleep 100"), c -> {});
        String id = Sluice.unique("unsx");
        OciBundle.Reaper reaper =
                OciBundle.Reaper.named(
                        b,
                        "init",
                        "--root",
                        oci.root().toString(),
                        "create",
                        "--bundle",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id);
        oci.closeAfter(reaper);
        assertEquals(
                "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
        long init = Long.parseLong(reaper.await("pid", WAIT));
        assertEquals(0, oci.run("start", id).exitCode(), "start");
        assertEquals(
                "0 100000 65536",
                Files.readString(Path.of("/proc", Long.toString(init), "uid_map"))
                        .trim()
                        .replaceAll("\\s+", " "),
                "the container's init is in the mapped namespace (seen from the host)");

        Sluice.Result r =
                oci.run(
                        "exec",
                        id,
                        "sh",
                        "-c",
                        "id -u; id -g; cat /proc/self/uid_map; readlink /proc/self/ns/user; touch /data/exec");
        assertEquals(0, r.exitCode(), "exec\n" + r);
        List<String> lines = r.stdoutLines();
        assertEquals(List.of("0", "0"), lines.subList(0, 2), "root of the namespace\n" + r);
        assertEquals(
                "0 100000 65536", lines.get(2).trim().replaceAll("\\s+", " "), "its map\n" + r);
        String initNs = link(Path.of("/proc", Long.toString(init), "ns", "user"));
        assertEquals(initNs, lines.get(3), "the user namespace of the container's init\n" + r);
        assertNotEquals(link(Path.of("/proc/self/ns/user")), lines.get(3), "not the host's\n" + r);
        assertEquals(
                HOST_ID,
                owner(b.resolve("data/exec"), "uid"),
                "what exec made is host uid 100000's");

        Sluice.Result user = oci.run("exec", "--user", "1000:1000", id, "sh", "-c", "id -u; id -g");
        assertEquals(0, user.exitCode(), "exec --user\n" + user);
        assertEquals(
                List.of("1000", "1000"),
                user.stdoutLines(),
                "a mapped user of the namespace\n" + user);

        Sluice.Result unmapped = oci.run("exec", "--user", "70000", id, "id");
        assertEquals(1, unmapped.exitCode(), "an unmapped user\n" + unmapped);
        assertTrue(
                unmapped.stderr().contains("uid 70000 is not mapped in linux.uidMappings"),
                unmapped.stderr());
    }

    @Test
    void theSentryStillMediatesTheContainersIoctls() throws Exception {
        Path b =
                bundle(
                        "oci-userns-pty",
                        List.of("sh", "-c", "sluice-testguest deny; sluice-testguest ptn"),
                        c -> c.putObject("annotations").put("dev.sluice.proxies", "pty"));
        Sluice.Result r = oci.run("run", "-b", b.toString(), Sluice.unique("unsp"));
        assertEquals(0, r.exitCode(), "the guest runs\n" + r);
        assertEquals(
                "ENOTTY",
                r.value("deny_errno"),
                "TIOCGPTLCK reaches the sentry's pty proxy, which denies it (natively it succeeds): the listener was handed over\n"
                        + r);
        assertTrue(
                r.value("ptn").matches("\\d+"),
                "TIOCGPTN emulated by the sentry on its dup of the guest's fd, the answer written into the guest's memory\n"
                        + r);
    }

    @Test
    void badMapsAndMountsTheKernelRefusesInsideFailCreateNamingTheField() throws Exception {
        record Case(String field, String problem, Consumer<ObjectNode> edit) {}
        List<Case> cases =
                List.of(
                        new Case(
                                "linux.uidMappings",
                                "mappings need a user namespace",
                                c -> {
                                    ArrayNode ns = (ArrayNode) c.get("linux").get("namespaces");
                                    ns.remove(ns.size() - 1);
                                }),
                        new Case(
                                "linux.uidMappings[1]",
                                "overlap linux.uidMappings[0]",
                                c ->
                                        ((ArrayNode) c.get("linux").get("uidMappings"))
                                                .addObject()
                                                .put("containerID", 1000)
                                                .put("hostID", 500000)
                                                .put("size", 10)),
                        new Case(
                                "linux.gidMappings[0].size",
                                "must be at least 1",
                                c ->
                                        ((ObjectNode) c.get("linux").get("gidMappings").get(0))
                                                .put("size", 0)),
                        new Case(
                                "mounts[0].type",
                                "a proc mount in a user namespace needs a pid namespace",
                                c -> ((ArrayNode) c.get("linux").get("namespaces")).remove(0)));
        for (Case k : cases) {
            Path b = bundle("oci-userns-bad", List.of("true"), k.edit());
            String id = Sluice.unique("unsbad");
            Sluice.Result r = oci.run("run", "-b", b.toString(), id);
            assertEquals(1, r.exitCode(), "refused\n" + r);
            assertTrue(
                    r.stderr().contains(k.field() + ": ") && r.stderr().contains(k.problem()),
                    "names " + k.field() + " and says '" + k.problem() + "'\n" + r);
            assertFalse(r.hasStackTrace(), r.toString());
            assertFalse(Files.exists(oci.root().resolve(id)), "nothing left behind\n" + r);
        }
        // The host's pid namespace, joined by path (sluice-init's /proc/self is in it): only the
        // kernel can refuse the proc mount, the namespace being the host user namespace's. The
        // error
        // names the mount, and comes at once.
        Path b =
                bundle(
                        "oci-userns-hostpid",
                        List.of("true"),
                        c ->
                                ((ObjectNode) c.get("linux").get("namespaces").get(0))
                                        .put("path", "/proc/self/ns/pid"));
        String id = Sluice.unique("unspid");
        long start = System.nanoTime();
        Sluice.Result r = oci.run("run", "-b", b.toString(), id);
        assertEquals(1, r.exitCode(), "refused by the kernel\n" + r);
        assertTrue(
                r.stderr().contains("mount proc on " + b.resolve("rootfs") + "/proc")
                        && r.stderr().contains("Operation not permitted"),
                "the error names the mount and the kernel's reason\n" + r);
        assertTrue(
                Duration.ofNanos(System.nanoTime() - start).compareTo(WAIT) < 0, "no hang\n" + r);
        assertFalse(Files.exists(oci.root().resolve(id)), "nothing left behind\n" + r);
    }
}
