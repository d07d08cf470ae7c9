package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Log lines of a command the runtime service runs: the caller's stderr and the caller's level, no
 * one else's.
 */
class LogSetupTest {
    private static final Logger LOG = LoggerFactory.getLogger("dev.sluice.test.LogSetupTest");

    @AfterEach
    void clear() {
        LogSetup.CALLER_STDERR.remove();
        LogSetup.CALLER_LEVEL.remove();
        ((LoggerContext) LoggerFactory.getILoggerFactory()).resetTurboFilterList();
    }

    @Test
    void aCallersLinesGoToItsStderrAtItsLevelAndNowhereElse() throws Exception {
        LogSetup.perCallerLevels();
        ch.qos.logback.classic.Logger root =
                (ch.qos.logback.classic.Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        Level before = root.getLevel();
        ByteArrayOutputStream caller = new ByteArrayOutputStream();
        LogSetup.CALLER_STDERR.set(caller);
        LogSetup.setLevel(Level.DEBUG); // a caller's --debug
        assertEquals(before, root.getLevel(), "the root logger's level is untouched");
        LOG.debug("debug line for the caller");
        LOG.warn("warn line for the caller");
        String got = caller.toString(StandardCharsets.UTF_8);
        assertTrue(
                got.contains("DEBUG LogSetupTest: debug line for the caller")
                        && got.contains("warn line for the caller"),
                "both reached the caller's stderr: " + got);

        AtomicBoolean otherDebug = new AtomicBoolean(true);
        Thread other =
                new Thread(
                        () -> {
                            LogSetup.CALLER_STDERR
                                    .remove(); // another request's thread inherits nothing of ours
                            LogSetup.CALLER_LEVEL.remove();
                            otherDebug.set(LOG.isDebugEnabled());
                        });
        other.start();
        other.join();
        assertFalse(otherDebug.get(), "another thread keeps the root's level (" + before + ")");
    }
}
