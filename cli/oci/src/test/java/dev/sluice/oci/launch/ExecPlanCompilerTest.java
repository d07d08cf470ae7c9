package dev.sluice.oci.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.sentry.launch.LaunchPlan;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * A process.json into a running container's launch plan: join its namespaces, get the first
 * process's treatment.
 */
class ExecPlanCompilerTest {

    @TempDir Path dir;

    private Spec config() {
        return Specs.defaultConfig();
    }

    private Spec.Process process(String json) throws IOException {
        return Specs.process(dir, json);
    }

    private static final String SHELL =
            """
            {"args": ["sh", "-c", "echo hi"], "cwd": "/work", "env": ["PATH=/bin", "A=1"],
             "user": {"uid": 1000, "gid": 100, "additionalGids": [10]},
             "capabilities": {"bounding": ["CAP_KILL", "CAP_MKNOD"]},
             "rlimits": [{"type": "RLIMIT_NOFILE", "hard": 64, "soft": 32}], "noNewPrivileges": true}
            """;

    @Test
    void joinsTheContainersNamespacesAndRunsTheProcessLikeTheFirstOne() throws IOException {
        LaunchPlan p =
                ExecPlanCompiler.compile(
                        config(),
                        process(SHELL),
                        "process.json",
                        "",
                        ExecPlanCompiler.Container.of(
                                4242, 987654321L, List.of(new NotifyRule(0xff00, 0x5400))),
                        false,
                        0);
        List<String> names = p.ops().stream().map(LaunchPlan.Op::name).toList();
        assertEquals(
                List.of(
                        "version",
                        "join",
                        "chdir",
                        "env",
                        "env",
                        "env", // HOME, which the process's env lacks (ContainerHome)
                        "rlimit",
                        "user",
                        "umask",
                        "caps",
                        "no-new-privs",
                        "notify-ioctl",
                        "deny-syscall",
                        "deny-syscall",
                        "deny-syscall",
                        "exec"),
                names,
                "join, then only the process's own ops: no unshare, mount or pivot_root; io_uring refused beside the"
                        + " notify rules, as for the first process");
        assertEquals(
                List.of(
                        "4242",
                        "987654321",
                        Long.toString(
                                CloneFlags.NEWPID
                                        | CloneFlags.NEWNET
                                        | CloneFlags.NEWIPC
                                        | CloneFlags.NEWUTS
                                        | CloneFlags.NEWNS)),
                p.ops("join").get(0).args(),
                "init's pid and start time, and every namespace config.json lists");
        assertEquals(
                List.of("/work"),
                p.ops("chdir").get(0).args(),
                "cwd as given: after the join / is the container's root");
        assertEquals(
                List.of("1000", "100", "10"),
                p.ops("user").get(0).args(),
                "the process's user and groups");
        assertEquals(
                List.of(Long.toString(1L << 5), "0", "0", "0"),
                p.ops("caps").get(0).args(),
                "its bounding set, CAP_MKNOD dropped; nothing permitted, inheritable or ambient, as listed");
        assertEquals(List.of("7", "32", "64"), p.ops("rlimit").get(0).args(), "its rlimits");
        assertEquals(
                List.of("65280", "21504"),
                p.ops("notify-ioctl").get(0).args(),
                "the container's notify rules: the exec'd process is trapped like the first one");
        assertEquals(
                List.of("sh", "sh", "-c", "echo hi"),
                p.ops("exec").get(0).args(),
                "exec args[0] with argv");
        p.encode();
    }

    @Test
    void onCgroupV2TheProcessIsForkedIntoTheContainersCgroup() throws IOException {
        List<NotifyRule> rules = List.of(new NotifyRule(0xff00, 0x5400));
        LaunchPlan v2 = inCgroup(rules, java.util.Map.of("", "/sys/fs/cgroup/c1"));
        assertEquals(
                List.of(List.of("/sys/fs/cgroup/c1")),
                v2.ops("cgroup").stream().map(LaunchPlan.Op::args).toList(),
                "cgroup v2: forked into the container's one directory");
        assertTrue(
                dev.sluice.oci.launch.OciPlanCompiler.forksIntoCgroup(v2), "so exec moves nothing");
        LaunchPlan v1 =
                inCgroup(
                        rules,
                        java.util.Map.of(
                                "memory", "/sys/fs/cgroup/memory/c1",
                                "", "/sys/fs/cgroup/unified/c1"));
        assertEquals(List.of(), v1.ops("cgroup"), "cgroup v1 (a hybrid host): outer is moved in");
        assertEquals(
                List.of(),
                shell(config(), ExecPlanCompiler.Container.of(7, 1L, rules)).ops("cgroup"),
                "no cgroup recorded: none");
    }

    @Test
    void anExecdProcessGetsIoUringOnlyWhereTheContainerOptsIn() throws IOException {
        List<NotifyRule> rules = List.of(new NotifyRule(0xff00, 0x5400));
        LaunchPlan refused = shell(config(), ExecPlanCompiler.Container.of(7, 1L, rules));
        assertEquals(
                List.of("io_uring_setup", "io_uring_enter", "io_uring_register"),
                refused.ops("deny-syscall").stream().map(o -> o.args().get(0)).toList(),
                "an exec'd process of a mediated container gets no ring either");
        com.fasterxml.jackson.databind.node.ObjectNode tree =
                (com.fasterxml.jackson.databind.node.ObjectNode)
                        new com.fasterxml.jackson.databind.ObjectMapper()
                                .readTree(DefaultSpec.json());
        tree.putObject("annotations").put("dev.sluice.allow-io-uring", "true");
        Spec optedIn =
                SpecLoader.parse(tree.toString().getBytes(StandardCharsets.UTF_8), "config.json");
        LaunchPlan kept = shell(optedIn, ExecPlanCompiler.Container.of(7, 1L, rules));
        assertTrue(
                kept.ops("deny-syscall").isEmpty(),
                "the container's annotation holds for its exec'd processes");
    }

    @Test
    void anExecdProcessOfAContainerWhoseSentryOpensItsNodesGetsTheOpenTrapsAndTheMknodRule()
            throws IOException {
        List<NotifyRule> rules = List.of(new NotifyRule(0xffffffff, 0xc0181b01));
        LaunchPlan strict =
                shell(
                        config(),
                        new ExecPlanCompiler.Container(
                                7, 1L, rules, true, true, java.util.Map.of()));
        assertEquals(
                List.of("write", "writev", "pwritev2", "open", "openat", "openat2", "creat"),
                strict.ops("notify-syscall").stream().map(o -> o.args().get(0)).toList(),
                "the write family and the open family, as the container's first process");
        assertEquals(
                List.of(
                        List.of("mknod", "1", "1", "61440", "8192"),
                        List.of("mknodat", "1", "2", "61440", "8192")),
                strict.ops("deny-syscall-arg").stream().map(LaunchPlan.Op::args).toList(),
                "mknod of a character device is EPERM, CAP_MKNOD or not");
        strict.encode();
        LaunchPlan writesOnly =
                shell(
                        config(),
                        new ExecPlanCompiler.Container(
                                7, 1L, rules, true, false, java.util.Map.of()));
        assertEquals(
                List.of("write", "writev", "pwritev2"),
                writesOnly.ops("notify-syscall").stream().map(o -> o.args().get(0)).toList(),
                "a container whose sentry opens nothing: no open trap");
        assertTrue(writesOnly.ops("deny-syscall-arg").isEmpty(), "and no mknod rule");
    }

    @Test
    void aDetachedExecWithATerminal() throws IOException {
        Spec.Process t =
                process(
                        """
                {"terminal": true, "consoleSize": {"height": 25, "width": 100}, "args": ["/bin/sh"], "cwd": "/"}
                """);
        LaunchPlan p =
                ExecPlanCompiler.compile(
                        config(),
                        t,
                        "process.json",
                        "",
                        ExecPlanCompiler.Container.of(7, 1L, List.of()),
                        true,
                        0);
        List<String> names = p.ops().stream().map(LaunchPlan.Op::name).toList();
        assertEquals(
                List.of(
                        "version",
                        "detach",
                        "join",
                        "terminal",
                        "chdir",
                        "env", // HOME
                        "user",
                        "umask",
                        "caps",
                        "exec"),
                names,
                "detach first; the pty before anything else of the process; no notify rule when the sentry has none");
        assertEquals(List.of("25", "100"), p.ops("terminal").get(0).args(), "consoleSize");
    }

    @Test
    void namespacesJoinedByPathAreJoinedToo() throws IOException {
        Spec c =
                SpecLoader.parse(
                        """
                {"ociVersion": "1.0.2", "root": {"path": "rootfs"}, "process": {"args": ["sh"], "cwd": "/"},
                 "linux": {"namespaces": [{"type": "mount"}, {"type": "network", "path": "/proc/1/ns/net"}]}}
                """
                                .getBytes(StandardCharsets.UTF_8),
                        "config.json");
        LaunchPlan p =
                ExecPlanCompiler.compile(
                        c,
                        process("{\"args\": [\"/bin/true\"], \"cwd\": \"/\"}"),
                        "process.json",
                        "",
                        ExecPlanCompiler.Container.of(7, 1L, List.of()),
                        false,
                        0);
        assertEquals(
                List.of("7", "1", Long.toString(CloneFlags.NEWNS | CloneFlags.NEWNET)),
                p.ops("join").get(0).args(),
                "mount, and the network namespace init joined: no pid, ipc or uts namespace of the container's own");
    }

    @Test
    void whatSluiceCannotDoForAProcessIsRefusedNamingTheProcessFilesField() throws IOException {
        Spec.Process p =
                process(
                        "{\"args\": [\"sh\"], \"cwd\": \"/\", \"apparmorProfile\": \"docker-default\"}");
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () ->
                                ExecPlanCompiler.compile(
                                        config(),
                                        p,
                                        "/b/process.json",
                                        "",
                                        ExecPlanCompiler.Container.of(7, 1L, List.of()),
                                        false,
                                        0));
        assertEquals("apparmorProfile", e.field(), e.getMessage());
        assertTrue(
                e.getMessage().startsWith("/b/process.json: apparmorProfile: AppArmor"),
                e.getMessage());
    }

    /** The plan of process(SHELL) from a process.json, exec'd attached with no preserved fds. */
    /** The shell exec'd into a container whose cgroup state.json records as {@code cgroup}. */
    private LaunchPlan inCgroup(List<NotifyRule> rules, java.util.Map<String, String> cgroup)
            throws IOException {
        return shell(config(), new ExecPlanCompiler.Container(7, 1L, rules, false, false, cgroup));
    }

    private LaunchPlan shell(Spec config, ExecPlanCompiler.Container container) throws IOException {
        return ExecPlanCompiler.compile(
                config, process(SHELL), "process.json", "", container, false, 0);
    }
}
