package dev.sluice.oci.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciException;
import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecLoader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * exec's flags on the config's process, as runc applies them, and every bad value named by its
 * flag.
 */
class ExecOverridesTest {
    private static Spec.Process base() {
        return SpecLoader.parse(DefaultSpec.json().getBytes(StandardCharsets.UTF_8), "config.json")
                .process();
    }

    private static ExecOverrides command(String... args) {
        return new ExecOverrides(
                List.of(args), null, List.of(), false, null, null, List.of(), false);
    }

    @Test
    void onlyTheCommandKeepsTheConfigsProcess() {
        Spec.Process p = command("sh", "-c", "x").apply(base());
        assertEquals(List.of("sh", "-c", "x"), p.args(), "the command");
        assertEquals("/", p.cwd(), "the config's cwd");
        assertEquals(base().env(), p.env(), "the config's environment");
        assertEquals(base().capabilities(), p.capabilities(), "the config's capabilities");
        assertEquals(base().rlimits(), p.rlimits(), "the config's rlimits");
        assertFalse(p.isTerminal(), "no terminal without --tty, whatever the config says");
        assertTrue(p.isNoNewPrivileges(), "the config's noNewPrivileges");
    }

    @Test
    void flagsChangeWhatTheyName() {
        ExecOverrides o =
                new ExecOverrides(
                        List.of("id"),
                        "/w",
                        List.of("TERM=dumb", "NEW=1"),
                        true,
                        "1000:100",
                        List.of(10L),
                        List.of("CAP_NET_ADMIN", "CAP_KILL"),
                        true);
        Spec.Process p = o.apply(base());
        assertEquals("/w", p.cwd(), "--cwd");
        assertEquals(
                List.of(
                        "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                        "TERM=dumb",
                        "NEW=1"),
                p.env(),
                "--env replaces the config's TERM in place and adds NEW");
        assertTrue(p.isTerminal(), "--tty");
        assertEquals(1000L, p.user().uid(), "--user uid");
        assertEquals(100L, p.user().gid(), "--user gid");
        assertEquals(List.of(10L), p.user().additionalGids(), "--additional-gids");
        assertEquals(
                List.of("CAP_AUDIT_WRITE", "CAP_KILL", "CAP_NET_BIND_SERVICE", "CAP_NET_ADMIN"),
                p.capabilities().bounding(),
                "--cap adds to the bounding set, once each");
        assertTrue(o.anyBeyondTty(), "flags beyond the command");
        assertFalse(command("true").anyBeyondTty(), "the command alone");
        assertFalse(
                new ExecOverrides(
                                List.of("true"),
                                null,
                                List.of(),
                                true,
                                null,
                                null,
                                List.of(),
                                false)
                        .anyBeyondTty(),
                "--tty alone (which --process takes where the file asks for a terminal)");
        assertEquals(
                0L,
                new ExecOverrides(
                                List.of("id"),
                                null,
                                List.of(),
                                false,
                                "1000",
                                null,
                                List.of(),
                                false)
                        .apply(base())
                        .user()
                        .gid(),
                "--user UID keeps the config's gid");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "cwd    | w         | --cwd w: must be an absolute path",
                "env    | NOEQUALS  | --env NOEQUALS: expected NAME=VALUE",
                "user   | root      | --user root: expected UID[:GID] (numeric",
                "user   | 1:2:3     | --user 1:2:3: expected UID[:GID]",
                "user   | -1        | --user -1: expected UID[:GID]",
                "cap    | CAP_BOGUS | --cap CAP_BOGUS: unknown capability",
                "args   | ''        | exec: no command",
            })
    void badValuesAreNamedByTheirFlag(String flag, String value, String message) {
        ExecOverrides o =
                switch (flag) {
                    case "cwd" ->
                            new ExecOverrides(
                                    List.of("id"),
                                    value,
                                    List.of(),
                                    false,
                                    null,
                                    null,
                                    List.of(),
                                    false);
                    case "env" ->
                            new ExecOverrides(
                                    List.of("id"),
                                    null,
                                    List.of(value),
                                    false,
                                    null,
                                    null,
                                    List.of(),
                                    false);
                    case "user" ->
                            new ExecOverrides(
                                    List.of("id"),
                                    null,
                                    List.of(),
                                    false,
                                    value,
                                    null,
                                    List.of(),
                                    false);
                    case "cap" ->
                            new ExecOverrides(
                                    List.of("id"),
                                    null,
                                    List.of(),
                                    false,
                                    null,
                                    null,
                                    List.of(value),
                                    false);
                    default ->
                            new ExecOverrides(
                                    List.of(), null, List.of(), false, null, null, List.of(),
                                    false);
                };
        OciException e =
                assertThrows(OciException.class, () -> o.apply(base()), flag + " " + value);
        assertTrue(e.getMessage().startsWith(message), "'" + message + "': " + e.getMessage());
    }
}
