package dev.sluice.sentry.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The start warning about racy CONTINUE rows: one line from the proxies that have some, none
 * otherwise.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DeviceProxyTest {

    private static DeviceProxy proxy(String name, String racy) {
        return new DeviceProxy() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<TrapRule> trapRules() {
                return List.of();
            }

            @Override
            public boolean owns(CharDevice device) {
                return false;
            }

            @Override
            public Verdict handle(IoctlCall call) {
                return new Verdict(IoctlResult.deny(25, "none"), "unknown");
            }

            @Override
            public String ioctlName(int cmd) {
                return "unknown";
            }

            @Override
            public String racyRows() {
                return racy;
            }
        };
    }

    @Test
    void noRacyRowsNoWarning() {
        assertEquals(Optional.empty(), DeviceProxy.racyWarning(List.of()), "no proxy");
        assertEquals(
                Optional.empty(),
                DeviceProxy.racyWarning(List.of(proxy("pty", ""), proxy("x", " "))),
                "proxies whose CONTINUE rows all rest on race-free facts");
        DeviceProxy plain =
                new DeviceProxy() {
                    public String name() {
                        return "plain";
                    }

                    public List<TrapRule> trapRules() {
                        return List.of();
                    }

                    public boolean owns(CharDevice d) {
                        return false;
                    }

                    public Verdict handle(IoctlCall c) {
                        return new Verdict(IoctlResult.CONTINUE, "unknown");
                    }

                    public String ioctlName(int cmd) {
                        return "unknown";
                    }
                };
        assertEquals("", plain.racyRows(), "a proxy says nothing unless it has racy rows");
    }

    @Test
    void theRacyRowsOfEveryProxyMakeOneLine() {
        String w =
                DeviceProxy.racyWarning(
                                List.of(
                                        proxy("a", "a: row one"),
                                        proxy("pty", ""),
                                        proxy("b", "b: row two")))
                        .orElseThrow();
        assertTrue(
                w.contains("a: row one") && w.contains("b: row two"), "both proxies' rows: " + w);
        assertFalse(w.contains("\n"), "one line: " + w);
        assertTrue(w.startsWith("racy CONTINUE rows"), "says what they are: " + w);
    }
}
