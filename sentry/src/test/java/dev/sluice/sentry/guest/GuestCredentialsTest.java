package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GuestCredentialsTest {
    @Test
    void encodesTheFormLogsShow() {
        GuestCredentials c = new GuestCredentials(1000, 100, 0xa00425fbL);
        assertEquals("uid=1000 gid=100 caps=0xa00425fb", c.encode(), "one line, caps in hex");
        assertEquals(c.encode(), c.toString(), "toString is that form");
    }

    @Test
    void idsAreUnsigned32BitAndNeverTheInvalidOne() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new GuestCredentials(-1, 0, 0),
                "negative uid");
        assertThrows(
                IllegalArgumentException.class,
                () -> new GuestCredentials(0, 0xffffffffL, 0),
                "(gid_t) -1 is no gid");
    }
}
