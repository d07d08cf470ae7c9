package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

/** The runtime service's pool of spare sentries, as SLUICE_SPARE and the CPUs size it. */
class ServiceCommandTest {
    @Test
    void unsetOrEmptyFollowsTheCpus() {
        List<String> warned = new ArrayList<>();
        assertEquals(1, ServiceCommand.poolSize(null, 2, warned::add));
        assertEquals(4, ServiceCommand.poolSize("", 16, warned::add));
        assertEquals(2, ServiceCommand.poolSize(null, 8, warned::add));
        assertTrue(warned.isEmpty(), warned.toString());
    }

    @Test
    void aNumberInRangeIsTaken() {
        List<String> warned = new ArrayList<>();
        assertEquals(3, ServiceCommand.poolSize("3", 2, warned::add));
        assertEquals(1, ServiceCommand.poolSize("1", 64, warned::add));
        assertEquals(4, ServiceCommand.poolSize(" 4 ", 2, warned::add));
        assertTrue(warned.isEmpty(), warned.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"5", "-1", "two", "1.5", "99999999999"})
    void anyOtherValueIsNamedAndTheDefaultKept(String bad) {
        List<String> warned = new ArrayList<>();
        assertEquals(4, ServiceCommand.poolSize(bad, 16, warned::add));
        assertEquals(1, warned.size());
        assertTrue(
                warned.get(0).contains("SLUICE_SPARE=" + bad)
                        && warned.get(0).endsWith("keeping 4"),
                warned.get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"create", "start", "state", "kill", "delete", "list", "exec", "spec"})
    void theServiceRunsTheRuntimesCommands(String command) {
        assertTrue(ServiceCommand.serves(command, false), command);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"bench", "service", "sentry-spare", "sentry-daemon", "cds-train", "rdma"})
    void andNoneOfSluicesOwn(String command) {
        assertFalse(ServiceCommand.serves(command, false), command);
    }

    @Test
    void runOnlyInRuncsForm() {
        assertTrue(ServiceCommand.serves("run", true), "runc's run of a bundle");
        assertFalse(ServiceCommand.serves("run", false), "Sluice's sandbox run");
        assertFalse(ServiceCommand.serves(null, false), "no command, only options");
    }
}
