package dev.sluice.nvproxy.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

class IdLabelsTest {
    @Test
    void anIdWithARuleIsNamedOnceAndKept() {
        IdLabels labels = new IdLabels(id -> "UNKNOWN");
        String first = labels.of(0x1f0, "NV0000_CTRL_CMD_SYSTEM_GET_FEATURES");
        assertEquals("NV0000_CTRL_CMD_SYSTEM_GET_FEATURES (0x000001f0)", first);
        assertSame(
                first,
                labels.of(0x1f0, "NV0000_CTRL_CMD_SYSTEM_GET_FEATURES"),
                "the same string again: its hash is computed once");
        assertEquals(
                "HOPPER_CHANNEL_GPFIFO_A (0x0000c86f)",
                labels.of(0xc86f, "HOPPER_CHANNEL_GPFIFO_A"));
        assertEquals(
                "X (0xc020462a)", labels.of(0xc020462a, "X"), "a negative id as its unsigned bits");
    }

    @Test
    void anIdWithoutARuleIsNamedAfreshAndNeverKept() {
        AtomicInteger asked = new AtomicInteger();
        IdLabels labels =
                new IdLabels(
                        id -> {
                            asked.incrementAndGet();
                            return "NV2080_CTRL_CMD(0x" + Integer.toHexString(id) + ")";
                        });
        String a = labels.of(0x20800999, null);
        String b = labels.of(0x20800999, null);
        assertEquals("NV2080_CTRL_CMD(0x20800999) (0x20800999)", a);
        assertEquals(a, b);
        assertNotSame(a, b, "made again, not kept: a guest cycling through ids grows nothing");
        assertEquals(2, asked.get(), "the tag's name asked each time");
    }
}
