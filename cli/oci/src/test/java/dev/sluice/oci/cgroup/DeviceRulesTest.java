package dev.sluice.oci.cgroup;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.sentry.spi.CharDevice;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The device allow/deny list: v1's writes, and what v2 refuses rather than ignores. */
class DeviceRulesTest {
    private static Spec spec(String rules, String devices) {
        String json =
                "{\"linux\": {\"resources\": {\"devices\": "
                        + rules
                        + "}, \"devices\": "
                        + devices
                        + "}}";
        try {
            return new ObjectMapper().readValue(json, Spec.class);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static final String DOCKER =
            """
            [{"allow": false, "access": "rwm"}, {"allow": true, "type": "c", "major": 1, "minor": 3, "access": "rwm"},
             {"allow": true, "type": "c", "major": 10, "minor": 200, "access": "rw"}, {"allow": false, "type": "b", "minor": 0, "access": "w"}]
            """;

    @Test
    void v1WritesTheListThenWhatEveryContainerNeeds() {
        Spec s =
                spec(
                        DOCKER,
                        "[{\"path\": \"/dev/nvidia0\", \"type\": \"c\", \"major\": 195, \"minor\": 0}, "
                                + "{\"path\": \"/dev/fifo\", \"type\": \"p\"}]");
        List<String> w =
                DeviceRules.v1(s, "c").stream().map(x -> x.file() + " " + x.value()).toList();
        List<String> expected =
                new ArrayList<>(
                        List.of(
                                "devices.deny a",
                                "devices.deny a *:* rwm",
                                "devices.allow c 1:3 rwm",
                                "devices.allow c 10:200 rw",
                                "devices.deny b *:0 w"));
        DeviceRules.ALWAYS.forEach(a -> expected.add("devices.allow " + a));
        expected.add("devices.allow c 195:0 m");
        assertEquals(
                expected,
                w,
                "everything denied first; the list in order; the defaults after it; mknod for the"
                        + " listed node; nothing for a fifo");
        assertEquals(
                "linux.resources.devices[3]",
                DeviceRules.v1(s, "c").get(4).field(),
                "each write names its rule");
        List<String> bare = new ArrayList<>(List.of("devices.deny a"));
        DeviceRules.ALWAYS.forEach(a -> bare.add("devices.allow " + a));
        assertEquals(
                bare,
                DeviceRules.v1(spec("[]", "[]"), "c").stream()
                        .map(x -> x.file() + " " + x.value())
                        .toList(),
                "no list: runc's defaults only, never the parent cgroup's list");
    }

    @Test
    void openedListsTheCharDevicesAllowRulesOpen() {
        Spec s =
                spec(
                        "[{\"allow\": false, \"access\": \"rwm\"},"
                                + " {\"allow\": true, \"type\": \"c\", \"major\": 195, \"access\": \"rw\"},"
                                + " {\"allow\": true, \"type\": \"c\", \"major\": 10, \"minor\": 200,"
                                + " \"access\": \"r\"},"
                                + " {\"allow\": true, \"type\": \"c\", \"major\": 1, \"minor\": 3,"
                                + " \"access\": \"m\"},"
                                + " {\"allow\": true, \"type\": \"b\", \"major\": 8, \"minor\": 0},"
                                + " {\"allow\": true, \"access\": \"rwm\"}]",
                        "[]");
        assertEquals(
                List.of(
                        new CharDevice(195, CharDevice.ANY),
                        new CharDevice(10, 200),
                        new CharDevice(CharDevice.ANY, CharDevice.ANY)),
                DeviceRules.opened(s),
                "allow rules with r or w of char devices or of all; not a deny, an m-only rule or"
                        + " a block device");
    }

    @Test
    void v2RefusesANodeTheListForbidsToUse() {
        assertDoesNotThrow(
                () ->
                        DeviceRules.checkV2(
                                spec(
                                        DOCKER,
                                        "[{\"path\": \"/dev/null2\", \"type\": \"c\", \"major\": 1, \"minor\": 3}]"),
                                "c"),
                "an allowed node");
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () ->
                                DeviceRules.checkV2(
                                        spec(
                                                DOCKER,
                                                "[{\"path\": \"/dev/tun\", \"type\": \"c\", \"major\": 10, \"minor\": 201}]"),
                                        "c"));
        assertEquals("linux.resources.devices[0]", e.field(), e.getMessage());
        assertTrue(
                e.getMessage().contains("denies 'r' on /dev/tun (c 10:201)")
                        && e.getMessage().contains("cannot enforce on cgroup v2"),
                e.getMessage());
        SpecException ro =
                assertThrows(
                        SpecException.class,
                        () ->
                                DeviceRules.checkV2(
                                        spec(
                                                "[{\"allow\": false, \"access\": \"rwm\"}, {\"allow\": true, \"type\": \"b\", \"major\": 8, \"minor\": 0, \"access\": \"r\"}]",
                                                "[{\"path\": \"/dev/sda\", \"type\": \"b\", \"major\": 8, \"minor\": 0}]"),
                                        "c"));
        assertTrue(
                ro.getMessage().contains("denies 'w' on /dev/sda"),
                "a read-only grant is refused, not widened: " + ro.getMessage());
        assertDoesNotThrow(
                () ->
                        DeviceRules.checkV2(
                                spec(
                                        "[]",
                                        "[{\"path\": \"/dev/x\", \"type\": \"c\", \"major\": 10, \"minor\": 1}]"),
                                "c"),
                "no list: nothing to enforce");
    }

    @Test
    void theLastMatchingRuleDecides() {
        List<Spec.DeviceRule> rules =
                List.of(
                        new Spec.DeviceRule(false, null, null, null, "rwm"),
                        new Spec.DeviceRule(true, "c", 5L, null, "r"),
                        new Spec.DeviceRule(false, "c", 5L, 1L, ""));
        assertEquals(1, DeviceRules.decidingRule(rules, "c", 5, 0, 'r'), "c 5:* r");
        assertEquals(0, DeviceRules.decidingRule(rules, "c", 5, 0, 'w'), "deny all for w");
        assertEquals(2, DeviceRules.decidingRule(rules, "c", 5, 1, 'r'), "empty access is rwm");
        assertEquals(-1, DeviceRules.decidingRule(List.of(), "c", 1, 3, 'r'), "no rule");
    }
}
