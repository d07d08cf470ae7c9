package dev.sluice.oci.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** cgroupsPath's forms: paths as runc reads them, systemd's slice:prefix:name, the default. */
class CgroupsPathTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "/default/c1      | /default/c1",
                "/a//b/./c/       | /a/b/c",
                "/../../etc       | /etc",
                "/a/../../b       | /b",
                "c1               | c1",
                "a/../../../x     | x",
                "./a/b            | a/b",
            })
    void pathsAreCleanedAndCannotClimbOut(String in, String out) {
        assertEquals(out, CgroupsPath.resolve(in, false, "id"), "cleaned " + in);
    }

    @Test
    void absentIsSluicesOwnParent() {
        assertEquals("/sluice/c1", CgroupsPath.resolve(null, false, "c1"), "the default path");
        assertEquals("/sluice/c1", CgroupsPath.resolve("", false, "c1"), "empty is absent");
        assertEquals(
                "/system.slice/sluice-c1.scope",
                CgroupsPath.resolve(null, true, "c1"),
                "the systemd default");
    }

    @Test
    void relativePathsStartAtTheOwnCgroup() {
        assertEquals(
                "/user.slice/shim/c1",
                CgroupsPath.in("c1", "/user.slice/shim"),
                "relative to the own cgroup");
        assertEquals(
                "/user.slice/shim/x",
                CgroupsPath.in(CgroupsPath.resolve("../../x", false, "i"), "/user.slice/shim"),
                "never above it");
        assertEquals(
                "/default/c1",
                CgroupsPath.in("/default/c1", "/user.slice/shim"),
                "absolute ignores it");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "system.slice:docker:c1                        | /system.slice/docker-c1.scope",
                ":cri-containerd:c1                            | /system.slice/cri-containerd-c1.scope",
                "kubepods-besteffort-pod12.slice:cri:c1        | /kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod12.slice/cri-c1.scope",
                "-.slice:p:c1                                  | /p-c1.scope",
                "user.slice::c1                                | /user.slice/c1.scope",
                "machine.slice:x:my.slice                      | /machine.slice/my.slice",
            })
    void systemdForm(String in, String out) {
        assertEquals(out, CgroupsPath.resolve(in, true, "id"), "systemd's cgroup for " + in);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "/default/c1             | expected \"slice:prefix:name\"",
                "a:b                     | expected \"slice:prefix:name\"",
                "system:docker:c1        | invalid slice \"system\"",
                "a--b.slice:p:c1         | empty parts between dashes",
                "system.slice:p:         | must be non-empty",
                "system.slice:p:a/b      | without \"/\"",
            })
    void badSystemdForms(String in, String message) {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> CgroupsPath.resolve(in, true, "id"),
                        "refused: " + in);
        assertTrue(
                e.getMessage().contains(message),
                "the message says " + message + ": " + e.getMessage());
    }
}
