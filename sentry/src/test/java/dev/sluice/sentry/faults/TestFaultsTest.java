package dev.sluice.sentry.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TestFaultsTest {
    @Test
    void unsetOrBlankIsNoFault() {
        assertSame(TestFaults.NONE, TestFaults.parse(null), "unset");
        assertSame(TestFaults.NONE, TestFaults.parse(""), "empty");
        assertSame(TestFaults.NONE, TestFaults.parse("  "), "blank");
        assertTrue(TestFaults.NONE.none());
    }

    @Test
    void everyKeyAtOnce() {
        TestFaults f =
                TestFaults.parse(
                        "stall-ms=500,delay-ms=20,close-listener-after=5,netdev=after-move");
        assertEquals(new TestFaults(500, 20, 5, TestFaults.Netdev.AFTER_MOVE), f);
        assertFalse(f.none());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "stall-ms=3000 | 3000 | 0 | 0 | NONE",
                "delay-ms=2 | 0 | 2 | 0 | NONE",
                "close-listener-after=5000 | 0 | 0 | 5000 | NONE",
                "netdev=plain-move | 0 | 0 | 0 | PLAIN_MOVE",
                " netdev = none , delay-ms = 0 | 0 | 0 | 0 | NONE",
            })
    void oneKey(String value, int stall, int delay, int closeAfter, TestFaults.Netdev netdev) {
        TestFaults f = TestFaults.parse(value);
        assertEquals(new TestFaults(stall, delay, closeAfter, netdev), f, value);
        assertEquals(f.equals(TestFaults.NONE), f.none(), "none() is equality with NONE: " + value);
    }

    @Test
    void eachFaultAloneIsAFault() {
        assertTrue(new TestFaults(0, 0, 0, TestFaults.Netdev.NONE).none(), "an equal NONE");
        assertFalse(new TestFaults(1, 0, 0, TestFaults.Netdev.NONE).none(), "stall");
        assertFalse(new TestFaults(0, 1, 0, TestFaults.Netdev.NONE).none(), "delay");
        assertFalse(new TestFaults(0, 0, 1, TestFaults.Netdev.NONE).none(), "close after");
        for (TestFaults.Netdev n : TestFaults.Netdev.values()) {
            assertEquals(n == TestFaults.Netdev.NONE, new TestFaults(0, 0, 0, n).none(), n.word());
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "stall=5 | unknown fault 'stall'",
                "stall-ms | 'stall-ms' is not key=value",
                "=5 | '=5' is not key=value",
                "stall-ms=5, | '' is not key=value",
                "stall-ms=5,stall-ms=6 | stall-ms is given twice",
                "stall-ms=-1 | stall-ms=-1: a decimal count",
                "delay-ms=0x10 | delay-ms=0x10: a decimal count",
                "close-listener-after= | close-listener-after=: a decimal count",
                "close-listener-after=9999999999 | a decimal count from 0 to 999999999",
                "netdev=AFTER_MOVE | netdev=AFTER_MOVE: one of none, after-move, plain-move",
            })
    void malformedValuesAreRefusedWithTheReason(String value, String reason) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> TestFaults.parse(value), value);
        assertTrue(
                e.getMessage().contains(reason),
                "'" + value + "' must be refused with '" + reason + "': " + e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"stall-ms=x", "debug-stall-ms=5"})
    void theProcessWideSwitchNamesTheVariable(String value) {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class, () -> TestFaults.fromEnvironment(value));
        assertTrue(
                e.getMessage().startsWith("SLUICE_TEST_FAULTS='" + value + "': "), e.getMessage());
    }

    @Test
    void theSurefireRunHasNoFaults() {
        assertEquals(
                System.getenv(TestFaults.VARIABLE) == null ? TestFaults.NONE : TestFaults.active(),
                TestFaults.active(),
                "active() reads the process's variable");
    }
}
