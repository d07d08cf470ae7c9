package dev.sluice.rdmaproxy.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.driver.PluginChoice.Generic;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Stream;

/**
 * Which plugin a node gets, by host driver and the choice about the generic plugin: its own where
 * it has one (unless forced), the generic one only where chosen, none otherwise.
 */
class PluginChoiceTest {

    static Stream<Arguments> choices() {
        return Stream.of(
                Arguments.of("mlx5_core", Generic.OFF, "mlx5"),
                Arguments.of("mlx5_core", Generic.FALLBACK, "mlx5"),
                Arguments.of("mlx5_core", Generic.FORCE, "generic"),
                Arguments.of("rdma_rxe", Generic.OFF, "rxe"),
                Arguments.of("rdma_rxe", Generic.FALLBACK, "rxe"),
                Arguments.of("rdma_rxe", Generic.FORCE, "generic"),
                Arguments.of("irdma", Generic.OFF, "none: refused"),
                Arguments.of("irdma", Generic.FALLBACK, "generic"),
                Arguments.of("irdma", Generic.FORCE, "generic"),
                Arguments.of("", Generic.OFF, "none: refused"),
                Arguments.of("", Generic.FALLBACK, "generic"));
    }

    @ParameterizedTest(name = "{0} under {1}: {2}")
    @MethodSource("choices")
    void eachNodeGetsItsOwnPluginTheGenericOneOnlyWhereChosenOrNone(
            String driver, Generic generic, String expected) {
        PluginChoice c = PluginChoice.of(driver, generic);
        assertEquals(expected, c.summary(), driver + " under " + generic);
        assertEquals(expected.equals(PluginChoice.REFUSED), c.refused(), "refused");
        if (expected.equals("generic")) {
            GenericPlugin g = assertInstanceOf(GenericPlugin.class, c.plugin(), "generic");
            assertEquals(
                    driver.isEmpty() ? "unknown" : driver,
                    g.hostDriver(),
                    "it names the host driver");
        } else if (!c.refused()) {
            assertSame(
                    DriverPlugins.forHostDriver(driver).orElseThrow(),
                    c.plugin(),
                    "the driver's own plugin");
        } else {
            assertNull(c.plugin(), "no plugin");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mlx5_core", "rdma_rxe", "irdma", ""})
    void theReasonSaysWhy(String driver) {
        String own = PluginChoice.of(driver, Generic.OFF).reason();
        String fallback = PluginChoice.of(driver, Generic.FALLBACK).reason();
        String forced = PluginChoice.of(driver, Generic.FORCE).reason();
        if (DriverPlugins.forHostDriver(driver).isPresent()) {
            assertEquals("host driver " + driver, own, "its own plugin");
            assertEquals(own, fallback, "the generic plugin is a fallback only");
            assertTrue(
                    forced.contains("forced, instead of its own"),
                    "forcing is said, with the plugin it replaces: " + forced);
        } else {
            assertTrue(
                    own.contains("which has no plugin (supported: ")
                            && DriverPlugins.ALL.stream()
                                    .flatMap(p -> p.hostDrivers().stream())
                                    .allMatch(own::contains),
                    "refused, with every supported driver: " + own);
            assertTrue(
                    fallback.contains("which has no plugin of its own"),
                    "the generic plugin stands in: " + fallback);
        }
        if (driver.isEmpty()) {
            assertTrue(own.startsWith("no host driver in sysfs"), own);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"false", "true", "force", "FORCE", " true "})
    void theValuesParse(String v) {
        Generic g = Generic.parse(v);
        assertEquals(v.trim().toLowerCase(java.util.Locale.ROOT), g.value(), "round trip of " + v);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "yes", "1", "all", "generic"})
    void otherValuesAreRefusedNamingTheOnesThereAre(String v) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Generic.parse(v), v);
        assertTrue(e.getMessage().contains("false, true, force"), e.getMessage());
        assertSame(Generic.OFF, Generic.parse(null), "absent is off");
    }
}
