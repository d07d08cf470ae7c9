package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class RxeAbiTest {

    @Test
    void createResponsesAreMminfos() {
        assertEquals(16, RxeAbi.Mminfo.SIZE, "mminfo: u64 offset, u32 size, u32 pad");
        assertEquals(RxeAbi.Mminfo.SIZE, RxeAbi.CreateCqResp.SIZE, "a CQ has one queue");
        assertEquals(
                2 * RxeAbi.Mminfo.SIZE,
                RxeAbi.CreateQpResp.SIZE,
                "a QP has a receive and a send queue");
        assertEquals(
                RxeAbi.Mminfo.SIZE,
                RxeAbi.CreateQpResp.OFF_SQ_MI,
                "the send queue's info follows the receive queue's");
        assertEquals(
                RxeAbi.Mminfo.SIZE,
                RxeAbi.CreateSrqResp.OFF_SRQ_NUM,
                "the SRQ number follows its mminfo");
    }

    @Test
    void queueIndicesLiveOnTheirOwnCacheLines() {
        assertEquals(128, RxeAbi.QueueBuf.OFF_PRODUCER_INDEX, "producer index at 128");
        assertEquals(256, RxeAbi.QueueBuf.OFF_CONSUMER_INDEX, "consumer index at 256");
        assertEquals(RxeAbi.QueueBuf.SIZE, RxeAbi.QueueBuf.OFF_DATA, "elements follow the header");
        assertTrue(RxeAbi.QueueBuf.OFF_DATA % 64 == 0, "elements start cache-aligned");
    }
}
