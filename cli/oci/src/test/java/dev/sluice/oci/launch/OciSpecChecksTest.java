package dev.sluice.oci.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.TrapRule;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The checks on their own: what they resolve for the compiler, and that they need neither a staging
 * directory nor the proxies. (Each refusal is in {@link OciPlanCompilerTest} and {@link
 * UserNamespacePlanTest}, whose refusals must come from these checks alone.)
 */
class OciSpecChecksTest {

    @TempDir Path bundle;

    @BeforeEach
    void rootfs() throws IOException {
        Specs.rootfsWithSh(bundle);
    }

    private Spec spec(Consumer<ObjectNode> edit) throws IOException {
        return Specs.config(bundle, edit);
    }

    private OciSpecChecks.Checked check(Spec s) {
        return OciSpecChecks.check(s, "config.json", bundle);
    }

    private static ObjectNode linux(ObjectNode c) {
        return (ObjectNode) c.get("linux");
    }

    @Test
    void eachMountLandsWhereTheMountsBeforeItLeaveItsDestination() throws IOException {
        Path vol = Files.createDirectories(bundle.resolve("vol"));
        Files.createDirectories(vol.resolve("real"));
        // In the bound volume, "link" points at "real": a later mount under /data/link lands in
        // /data/real.
        Files.createSymbolicLink(vol.resolve("link"), Path.of("real"));
        Files.createSymbolicLink(bundle.resolve("rootfs/srv"), Path.of("/data"));
        OciSpecChecks.Checked c =
                check(
                        spec(
                                s -> {
                                    ArrayNode m = (ArrayNode) s.get("mounts");
                                    m.addObject()
                                            .put("destination", "/data")
                                            .put("type", "bind")
                                            .put("source", "vol")
                                            .putArray("options")
                                            .add("rbind");
                                    m.addObject()
                                            .put("destination", "/srv/link/tmp")
                                            .put("type", "tmpfs")
                                            .put("source", "tmpfs");
                                }));
        int n = c.mounts().size();
        OciSpecChecks.Mount bind = c.mounts().get(n - 2);
        assertEquals("/data", bind.destination(), "the bind mount's destination");
        assertEquals(vol, bind.bindSource(), "its source, relative to the bundle");
        assertTrue(bind.bind() && bind.directory(), "a directory bind mount");
        OciSpecChecks.Mount tmp = c.mounts().get(n - 1);
        assertEquals(
                "/data/real/tmp",
                tmp.destination(),
                "/srv is a link to /data in the image, and link one to real in the volume bound there");
        assertFalse(tmp.bind(), "a fresh filesystem has no source to bind");
    }

    @Test
    void devicesTheRootAlreadyHasAreLeftAsTheyAre() throws IOException {
        Files.createDirectories(bundle.resolve("rootfs/dev"));
        Files.writeString(bundle.resolve("rootfs/dev/zero"), "");
        OciSpecChecks.Checked c = check(spec(s -> ((ArrayNode) s.get("mounts")).removeAll()));
        List<String> made = c.devices().stream().map(OciSpecChecks.Device::destination).toList();
        assertFalse(made.contains("/dev/zero"), "the image's /dev/zero stays: " + made);
        assertTrue(made.contains("/dev/null"), "a default device the image lacks is made: " + made);
        assertTrue(
                c.devicePaths().containsKey("/dev/zero"),
                "yet it is a device path (no /dev link may replace it)");
        assertTrue(
                c.devices().stream().allMatch(d -> d.hostNode() == null),
                "no user namespace: every node is made, none bound");
    }

    @Test
    void sysctlsBecomeTheirFilesUnderProcSys() throws IOException {
        OciSpecChecks.Checked c =
                check(
                        spec(
                                s ->
                                        linux(s).putObject("sysctl")
                                                .put("net.ipv4.ping_group_range", "0 0")));
        assertEquals(
                Map.of("/proc/sys/net/ipv4/ping_group_range", "0 0"),
                c.sysctls(),
                "the file and its value");
    }

    @Test
    void theWorkingDirectoryAndTheMaskedPathsAreResolved() throws IOException {
        Files.createDirectories(bundle.resolve("rootfs/home/real"));
        Files.createSymbolicLink(bundle.resolve("rootfs/work"), Path.of("home/real"));
        OciSpecChecks.Checked c =
                check(spec(s -> ((ObjectNode) s.get("process")).put("cwd", "/work")));
        assertEquals("/home/real", c.cwd(), "process.cwd through the image's link");
        if (Files.isDirectory(Path.of("/proc/acpi"))) {
            assertTrue(
                    c.masked().contains(new OciSpecChecks.Masked("/proc/acpi", true)),
                    "an existing masked directory, hidden by a tmpfs: " + c.masked());
        }
        assertTrue(c.readonly().contains("/proc/sys"), "readonlyPaths that exist: " + c.readonly());
    }

    @Test
    void theChecksNeedNoStagingDirectoryAndTouchNothing() throws IOException {
        Spec s = spec(c -> {});
        List<Path> before = listing();
        OciSpecChecks.Checked c = check(s);
        assertEquals(bundle.resolve("rootfs"), c.rootfs(), "root.path, absolute");
        assertNull(c.userns(), "no user namespace in the default config");
        assertEquals(before, listing(), "nothing is made in the bundle");
    }

    /**
     * A NOTIFY rule is refused only beside the sentry's listener: that needs the proxies, so it is
     * the compiler's.
     */
    @Test
    void whatDependsOnTheProxiesIsLeftToTheCompiler() throws IOException {
        Spec s =
                spec(
                        c -> {
                            ObjectNode sc =
                                    linux(c).putObject("seccomp")
                                            .put("defaultAction", "SCMP_ACT_ALLOW")
                                            .put("listenerPath", "/run/a.sock");
                            sc.putArray("syscalls")
                                    .addObject()
                                    .put("action", "SCMP_ACT_NOTIFY")
                                    .putArray("names")
                                    .add("mkdir");
                        });
        check(s);
        TrapRule tty = new TrapRule(0xff00, 0x5400, Disposition.CONTINUE, "tty");
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () -> OciPlanCompiler.compile(s, "config.json", bundle, List.of(tty)));
        assertEquals("linux.seccomp.syscalls[0].action", e.field(), e.getMessage());
    }

    private List<Path> listing() throws IOException {
        try (Stream<Path> w = Files.walk(bundle)) {
            return w.sorted().toList();
        }
    }
}
