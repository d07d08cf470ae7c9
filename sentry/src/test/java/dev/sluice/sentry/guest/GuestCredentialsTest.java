package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GuestCredentialsTest {
    @Test
    void encodesAndDecodesTheFormTheOciSentryReads() {
        GuestCredentials c = new GuestCredentials(1000, 100, 0xa00425fbL);
        assertEquals("uid=1000 gid=100 caps=0xa00425fb", c.encode(), "one line, caps in hex");
        assertEquals(c, GuestCredentials.decode(c.encode()), "round trip");
        GuestCredentials top = new GuestCredentials(0xfffffffeL, 0, -1L);
        assertEquals(top, GuestCredentials.decode(top.encode()), "the largest uid and every capability bit");
    }

    @Test
    void refusesWhatIsNotExactlyThatForm() {
        for (String bad : new String[] {"", "uid=1 gid=2", "uid=1 gid=2 caps=3", "gid=2 uid=1 caps=0x3", "uid=1 gid=2 caps=0x3 x",
                "uid=-1 gid=2 caps=0x3", "uid=4294967295 gid=0 caps=0x0", "uid=1 gid=2 caps=0xzz", "uid=1  gid=2 caps=0x3"}) {
            assertThrows(IllegalArgumentException.class, () -> GuestCredentials.decode(bad), "refused: '" + bad + "'");
        }
    }

    @Test
    void idsAreUnsigned32BitAndNeverTheInvalidOne() {
        assertThrows(IllegalArgumentException.class, () -> new GuestCredentials(-1, 0, 0), "negative uid");
        assertThrows(IllegalArgumentException.class, () -> new GuestCredentials(0, 0xffffffffL, 0), "(gid_t) -1 is no gid");
    }
}
