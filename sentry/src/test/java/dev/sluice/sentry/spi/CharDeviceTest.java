package dev.sluice.sentry.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

class CharDeviceTest {

    @Test
    void majorAndMinorAreTheIdentity() {
        CharDevice nvidiactl = new CharDevice(195, 255);
        assertEquals(new CharDevice(195, 255), nvidiactl, "equal numbers, equal devices");
        assertEquals(new CharDevice(195, 255).hashCode(), nvidiactl.hashCode(), "and equal hashes");
        assertNotEquals(new CharDevice(195, 0), nvidiactl, "another minor");
        assertNotEquals(new CharDevice(231, 255), nvidiactl, "another major");
        assertNotEquals(new CharDevice(255, 195), nvidiactl, "the numbers swapped");
        assertNotEquals(nvidiactl, "195:255", "another type");
        assertNotEquals(nvidiactl, null, "null");
    }

    @Test
    void theOwnerMapFindsEachDeviceByItsNumbers() {
        // The dispatcher looks each call's device up in a map of owners.
        Map<CharDevice, String> owners = new HashMap<>();
        for (int major = 0; major < 300; major += 7) {
            for (int minor = 0; minor < 300; minor += 13) {
                owners.put(new CharDevice(major, minor), major + ":" + minor);
            }
        }
        for (int major = 0; major < 300; major++) {
            for (int minor = 0; minor < 300; minor++) {
                String want = major % 7 == 0 && minor % 13 == 0 ? major + ":" + minor : null;
                if (!java.util.Objects.equals(want, owners.get(new CharDevice(major, minor)))) {
                    assertEquals(
                            want, owners.get(new CharDevice(major, minor)), major + ":" + minor);
                }
            }
        }
    }
}
