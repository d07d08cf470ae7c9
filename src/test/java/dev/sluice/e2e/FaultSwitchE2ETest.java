package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The tests' one fault switch, {@code SLUICE_TEST_FAULTS}, as the product's command line sees it:
 * the hidden {@code --debug-*} fault options of {@code sluice run} are gone (a caller used to
 * runc's {@code --debug} gets no fault by a near miss), and a malformed switch stops the run before
 * the workload starts instead of running it without the fault a test asked for. The faults
 * themselves are shown by the suites that use them (FailClosedE2ETest, HostileGuestE2ETest,
 * TidReuseE2ETest, SoakBenchE2ETest, RdmaNetdevE2ETest).
 */
@RequiresRoot
class FaultSwitchE2ETest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "--debug-close-listener-after, 1",
        "--debug-stall-ms, 100",
        "--debug-delay-ms, 100",
        "--debug-netdev-fault, AFTER_MOVE",
    })
    @Timeout(60)
    void theOldFaultOptionsAreNoLongerAccepted(String option, String value) {
        Sluice.Result r =
                Sluice.run("run", "--proxy", "pty", option, value, "--", "sh", "-c", "echo RAN");
        assertEquals(125, r.exitCode(), option + " must be a usage error now\n" + r);
        assertTrue(
                r.stderr().contains("Unknown option: '" + option + "'"),
                "picocli names the option\n" + r);
        assertFalse(r.stdout().contains("RAN"), "nothing ran\n" + r);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "stall-ms=soon | stall-ms=soon: a decimal count",
                "debug-stall-ms=5 | unknown fault 'debug-stall-ms'",
                "netdev=AFTER_MOVE | netdev=AFTER_MOVE: one of none, after-move, plain-move",
            })
    @Timeout(60)
    void aMalformedSwitchStopsTheRunBeforeTheWorkloadStarts(String spec, String reason) {
        Sluice.Result r =
                Sluice.command("run", "--proxy", "pty", "--", "sh", "-c", "echo RAN")
                        .faults(spec)
                        .run();
        assertEquals(
                125,
                r.exitCode(),
                "a test that asked for a fault must not get a run without it\n" + r);
        assertTrue(
                r.stderr().contains("SLUICE_TEST_FAULTS='" + spec + "': " + reason),
                "the variable and the reason are named\n" + r);
        assertFalse(r.stdout().contains("RAN"), "the workload never started\n" + r);
        assertFalse(r.hasStackTrace(), r.toString());
    }

    @Test
    @Timeout(60)
    void anEmptySwitchIsNoFault() {
        Sluice.Result r =
                Sluice.command("run", "--proxy", "pty", "--", Sluice.guest("storm", "2", "5"))
                        .faults("")
                        .run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(
                "storm_calls=10 storm_bad=0",
                r.stdout().strip(),
                "every call is answered, as without the variable\n" + r);
    }
}
