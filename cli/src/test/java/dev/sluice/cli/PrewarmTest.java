package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class PrewarmTest {
    @Test
    void onlyCommandsThatDoSomethingAreWarmed() {
        assertTrue(Prewarm.wanted(new String[] {"run", "--proxy", "pty", "--", "/bin/true"}));
        assertTrue(
                Prewarm.wanted(new String[] {"--root", "/run/x", "create", "--bundle", "b", "c"}));
        assertFalse(Prewarm.wanted(new String[] {}), "no command: usage only");
        assertFalse(Prewarm.wanted(new String[] {"--version"}));
        assertFalse(Prewarm.wanted(new String[] {"run", "--help"}));
        assertFalse(Prewarm.wanted(new String[] {"-V"}));
    }

    @Test
    void theProductsStepsAllSucceedOnThisBuild() throws Exception {
        Prewarm p = new Prewarm(Prewarm.STEPS);
        Thread t = new Thread(p::run);
        t.start();
        t.join(60_000);
        assertFalse(t.isAlive(), "the start-up work finished");
        assertNull(p.failure(), "no step failed: " + p.failure());
        assertEquals(3, Prewarm.STEPS.size(), "libc's binding, the profile, posix_spawn's");
    }

    @Test
    void loggingIsLogbacksWhenStartReturns() throws Exception {
        Thread t = Prewarm.start(new String[] {"state", "x"});
        assertTrue(
                org.slf4j.LoggerFactory.getILoggerFactory()
                        instanceof ch.qos.logback.classic.LoggerContext,
                "set up on the caller's thread, never a stand-in the level cannot be set on");
        t.join(60_000);
    }

    @Test
    void aFailingStepEndsTheRunAndIsKept() {
        List<String> ran = new ArrayList<>();
        RuntimeException boom = new IllegalStateException("no native stub");
        Prewarm p =
                new Prewarm(
                        List.of(
                                () -> ran.add("first"),
                                () -> {
                                    throw boom;
                                },
                                () -> ran.add("third")));
        p.run();
        assertEquals(List.of("first"), ran, "nothing after the failure runs");
        assertSame(boom, p.failure());
    }

    @Test
    void aClassItCouldNotInitialiseIsReportedWithItsCause() {
        RuntimeException cause = new IllegalStateException("libjffi missing");
        Prewarm p =
                new Prewarm(
                        List.of(
                                () -> {
                                    throw new ExceptionInInitializerError(cause);
                                }));
        p.run();
        NoClassDefFoundError later = new NoClassDefFoundError("Could not initialize class X");
        assertSame(cause, p.reasonFor(later), "the cause, not JDK 17's bare second error");
        RuntimeException other = new IllegalArgumentException("bad config.json");
        assertSame(other, p.reasonFor(other), "any other failure is reported as it is");
        Prewarm fine = new Prewarm(List.of(() -> {}));
        fine.run();
        assertSame(later, fine.reasonFor(later), "no start-up failure: the error as it is");
    }
}
