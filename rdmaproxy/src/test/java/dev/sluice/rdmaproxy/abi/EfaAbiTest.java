package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.AbiClasses.IntConstant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The EFA layouts against the two conventions efa-abi.h sets for itself (every struct a multiple of
 * 8 bytes; a reserved field is a byte array whose name ends in its bit offset, in hex), and the
 * offsets the plugin's size rules rest on. The values themselves are compared with the header by
 * {@link RdmaAbiLayoutTest}.
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class EfaAbiTest {

    private static List<Class<?>> efaLayouts() {
        return AbiClasses.layoutClasses().stream()
                .filter(c -> c.getEnclosingClass() == EfaAbi.class)
                .toList();
    }

    @Test
    void everyStructIsAWholeNumberOfEightByteWords() {
        List<Class<?>> layouts = efaLayouts();
        assertEquals(9, layouts.size(), "the nine efa-abi.h structs of 6.1: " + layouts);
        for (Class<?> l : layouts) {
            int size = AbiClasses.intField(l, "SIZE");
            assertTrue(size > 0 && size % 8 == 0, AbiClasses.cType(l) + " is 8-byte aligned");
        }
    }

    @Test
    void reservedFieldsAreNamedByTheirBitOffset() {
        int seen = 0;
        for (Class<?> l : efaLayouts()) {
            for (IntConstant k : AbiClasses.intConstants(l)) {
                if (!k.name().startsWith("OFF_RESERVED_")) {
                    continue;
                }
                int bits = Integer.parseInt(k.name().substring("OFF_RESERVED_".length()), 16);
                assertEquals(
                        bits / 8,
                        k.value(),
                        AbiClasses.cType(l)
                                + "."
                                + k.name()
                                + " lies at bit 0x"
                                + Integer.toHexString(bits));
                seen++;
            }
        }
        assertEquals(8, seen, "reserved fields checked");
    }

    @Test
    void createRequestsEndWhereTheDriverStopsReading() {
        // efa_verbs.c efa_create_qp: inlen >= offsetofend(driver_qp_type), which is the 6.1 struct
        assertEquals(
                EfaAbi.CreateQp.SIZE,
                EfaAbi.CreateQp.OFF_DRIVER_QP_TYPE + 4,
                "driver_qp_type is the last field of efa_ibv_create_qp");
        // efa_verbs.c efa_create_cq: inlen >= offsetofend(num_sub_cqs), before flags and reserved
        assertEquals(
                EfaAbi.CreateCq.OFF_FLAGS,
                EfaAbi.CreateCq.OFF_NUM_SUB_CQS + 2,
                "flags follows num_sub_cqs");
        assertEquals(
                EfaAbi.CreateCq.SIZE - EfaAbi.CreateCq.OFF_RESERVED_58,
                5,
                "reserved_58 is the five bytes after flags");
        assertFalse(
                (EfaAbi.EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL & EfaAbi.EFA_CREATE_CQ_WITH_SGID)
                        != 0,
                "the two CQ flags are distinct bits");
    }
}
