package dev.sluice.oci.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.sentry.launch.LaunchPlan;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;

/**
 * SCMP_ACT_NOTIFY and listenerPath in a container's profile: what is checked, and the ops that come
 * out.
 */
class SeccompProfileTest {
    private static final String AGENT = "/run/agent.sock";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Spec.Syscall rule(String action, String... names) {
        return new Spec.Syscall(List.of(names), action, null, List.of());
    }

    private static Spec.Seccomp profile(
            String def, String listenerPath, String metadata, Spec.Syscall... rules) {
        return new Spec.Seccomp(
                def,
                null,
                List.of("SCMP_ARCH_X86_64"),
                List.of(),
                listenerPath,
                metadata,
                List.of(rules));
    }

    private static SpecException refused(Spec.Seccomp s, boolean sentryListener) {
        return assertThrows(
                SpecException.class,
                () ->
                        SeccompProfile.compile(
                                s, "config.json", LaunchPlan.builder(), sentryListener));
    }

    private static void assertRefused(
            String field, String problem, Spec.Seccomp s, boolean sentryListener) {
        SpecException e = refused(s, sentryListener);
        assertEquals(field, e.field(), "the field named for '" + problem + "': " + e.getMessage());
        assertTrue(
                e.getMessage().contains(problem),
                "the message says '" + problem + "': " + e.getMessage());
    }

    private static List<List<String>> rules(LaunchPlan p) {
        return p.ops("seccomp-rule").stream().map(LaunchPlan.Op::args).toList();
    }

    @Test
    void notifyRulesWithAListenerPathBecomeRuleOps() {
        LaunchPlan.Builder b = LaunchPlan.builder();
        SeccompProfile.compile(
                profile(
                        "SCMP_ACT_ALLOW",
                        AGENT,
                        "MKDIR=/x",
                        rule("SCMP_ACT_ERRNO", "chmod"),
                        rule("SCMP_ACT_NOTIFY", "mkdir", "mkdirat")),
                "config.json",
                b,
                false);
        LaunchPlan p = b.exec("/bin/true", List.of("true")).build();
        assertEquals(
                List.of(
                        List.of("SCMP_ACT_ERRNO", "1", "chmod"),
                        List.of("SCMP_ACT_NOTIFY", "1", "mkdir"),
                        List.of("SCMP_ACT_NOTIFY", "1", "mkdirat")),
                rules(p),
                "one rule op per name, NOTIFY as libseccomp's action");
        assertEquals(
                List.of(List.of("SCMP_ACT_ALLOW", "1")),
                p.ops("seccomp-default").stream().map(LaunchPlan.Op::args).toList(),
                "the default action");
        assertTrue(
                p.ops().stream()
                        .noneMatch(o -> o.args().contains(AGENT) || o.args().contains("MKDIR=/x")),
                "listenerPath and listenerMetadata stay in Java: the sentry sends the listener on");
        p.encode();
    }

    @Test
    void aNotifyRuleWithConditionsKeepsThem() {
        LaunchPlan.Builder b = LaunchPlan.builder();
        Spec.Syscall r =
                new Spec.Syscall(
                        List.of("openat"),
                        "SCMP_ACT_NOTIFY",
                        null,
                        List.of(
                                new Spec.SyscallArg(
                                        2L,
                                        BigInteger.valueOf(0100),
                                        BigInteger.valueOf(0100),
                                        "SCMP_CMP_MASKED_EQ")));
        SeccompProfile.compile(profile("SCMP_ACT_ALLOW", AGENT, null, r), "config.json", b, false);
        LaunchPlan p = b.exec("/bin/true", List.of("true")).build();
        assertEquals(
                List.of(
                        List.of(
                                "SCMP_ACT_NOTIFY",
                                "1",
                                "openat",
                                "2",
                                "SCMP_CMP_MASKED_EQ",
                                "64",
                                "64")),
                rules(p),
                "the condition travels with the rule");
    }

    @Test
    void notifyWithoutAListenerPathIsRefusedNamingTheRule() {
        assertRefused(
                "linux.seccomp.syscalls[1].action",
                "SCMP_ACT_NOTIFY needs linux.seccomp.listenerPath",
                profile(
                        "SCMP_ACT_ALLOW",
                        null,
                        null,
                        rule("SCMP_ACT_LOG", "ioctl"),
                        rule("SCMP_ACT_NOTIFY", "mkdir"),
                        rule("SCMP_ACT_NOTIFY", "rmdir")),
                false);
        assertRefused(
                "linux.seccomp.syscalls[0].action",
                "needs linux.seccomp.listenerPath",
                profile("SCMP_ACT_ALLOW", "", null, rule("SCMP_ACT_NOTIFY", "mkdir")),
                false);
    }

    @Test
    void theListenerPathMustBeAbsolute() {
        assertRefused(
                "linux.seccomp.listenerPath",
                "'agent.sock' is not an absolute path",
                profile("SCMP_ACT_ALLOW", "agent.sock", null, rule("SCMP_ACT_NOTIFY", "mkdir")),
                false);
    }

    @Test
    void metadataNeedsAListenerPath() {
        assertRefused(
                "linux.seccomp.listenerMetadata",
                "set without linux.seccomp.listenerPath",
                profile("SCMP_ACT_ALLOW", null, "MKDIR=/x", rule("SCMP_ACT_ERRNO", "mkdir")),
                false);
    }

    @Test
    void aListenerPathWithoutNotifyIsIgnoredAsTheSpecSays() {
        LaunchPlan.Builder b = LaunchPlan.builder();
        SeccompProfile.compile(
                profile("SCMP_ACT_ALLOW", AGENT, "m", rule("SCMP_ACT_ERRNO", "mkdir")),
                "config.json",
                b,
                true);
        assertEquals(
                List.of(List.of("SCMP_ACT_ERRNO", "1", "mkdir")),
                rules(b.exec("/bin/true", List.of("true")).build()),
                "nothing to notify, so nothing to refuse, with the sentry's listener or without");
    }

    @Test
    void notifyIsNeverTheDefaultAction() {
        assertRefused(
                "linux.seccomp.defaultAction",
                "SCMP_ACT_NOTIFY cannot be the default action",
                profile("SCMP_ACT_NOTIFY", AGENT, null, rule("SCMP_ACT_ALLOW", "sendmsg")),
                false);
    }

    @Test
    void notifyIsNeverForTheSyscallThatHandsTheListenerOver() {
        assertRefused(
                "linux.seccomp.syscalls[0].names[1]",
                "SCMP_ACT_NOTIFY cannot be used for sendmsg",
                profile("SCMP_ACT_ALLOW", AGENT, null, rule("SCMP_ACT_NOTIFY", "mkdir", "sendmsg")),
                false);
        LaunchPlan.Builder b = LaunchPlan.builder();
        SeccompProfile.compile(
                profile(
                        "SCMP_ACT_ALLOW",
                        AGENT,
                        null,
                        rule("SCMP_ACT_ERRNO", "sendmsg"),
                        rule("SCMP_ACT_NOTIFY", "write")),
                "config.json",
                b,
                false);
        assertEquals(
                List.of(
                        List.of("SCMP_ACT_ERRNO", "1", "sendmsg"),
                        List.of("SCMP_ACT_NOTIFY", "1", "write")),
                rules(b.exec("/bin/true", List.of("true")).build()),
                "other actions for sendmsg are the profile's business; write, which runc refuses, is not used by sluice-init");
    }

    @Test
    void notifyIsRefusedWhereTheSentryHoldsTheProcessListener() {
        assertRefused(
                "linux.seccomp.syscalls[1].action",
                "one seccomp listener per process",
                profile(
                        "SCMP_ACT_ALLOW",
                        AGENT,
                        null,
                        rule("SCMP_ACT_ERRNO", "chmod"),
                        rule("SCMP_ACT_NOTIFY", "ioctl")),
                true);
        assertRefused(
                "linux.seccomp.syscalls[0].action",
                "the sentry's comes first",
                profile("SCMP_ACT_ALLOW", AGENT, null, rule("SCMP_ACT_NOTIFY", "mkdir")),
                true);
    }

    @Test
    void anExecdProcessGetsTheSameTreatment() throws Exception {
        ObjectNode c = (ObjectNode) JSON.readTree(DefaultSpec.json());
        ObjectNode s =
                ((ObjectNode) c.get("linux"))
                        .putObject("seccomp")
                        .put("defaultAction", "SCMP_ACT_ALLOW")
                        .put("listenerPath", AGENT);
        ObjectNode r = s.putArray("syscalls").addObject().put("action", "SCMP_ACT_NOTIFY");
        r.putArray("names").add("mkdir");
        Spec config = SpecLoader.parse(JSON.writeValueAsBytes(c), "config.json");
        LaunchPlan p =
                ExecPlanCompiler.compile(
                        config,
                        config.process(),
                        "config.json",
                        "process.",
                        ExecPlanCompiler.Container.of(7, 1L, List.of()),
                        false,
                        0);
        assertEquals(
                List.of(List.of("SCMP_ACT_NOTIFY", "1", "mkdir")),
                rules(p),
                "no trap rules: the exec'd process notifies too");
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () ->
                                ExecPlanCompiler.compile(
                                        config,
                                        config.process(),
                                        "config.json",
                                        "process.",
                                        ExecPlanCompiler.Container.of(
                                                7, 1L, List.of(new NotifyRule(0xff00, 0x5400))),
                                        false,
                                        0));
        assertEquals(
                "linux.seccomp.syscalls[0].action",
                e.field(),
                "trap rules: refused as for the first process; " + e.getMessage());
    }

    @Test
    void aWholeFileProfileNamesItsFieldsWithoutThePrefix() {
        Spec.Seccomp bad =
                new Spec.Seccomp(
                        "SCMP_ACT_EXPLODE", null, List.of(), List.of(), null, null, List.of());
        SpecException e =
                assertThrows(
                        SpecException.class, () -> SeccompProfile.of(bad, "/p.json", "", false));
        assertEquals("defaultAction", e.field(), e.getMessage());
        Spec.Seccomp ok =
                profile("SCMP_ACT_ERRNO", null, null, rule("SCMP_ACT_ALLOW", "read", "write"));
        var p = SeccompProfile.of(ok, "/p.json", "", false);
        assertEquals(
                List.of("x86_64"),
                p.architectures(),
                "the spec's architecture names become libseccomp's");
        assertEquals(List.of("read", "write"), p.rules().get(0).names());
        assertEquals(1, p.rules().get(0).errno(), "EPERM where errnoRet is not given, as runc");
    }
}
