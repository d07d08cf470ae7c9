package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.UverbsSchema.Access;
import dev.sluice.rdmaproxy.abi.UverbsSchema.Attr;
import dev.sluice.rdmaproxy.abi.UverbsSchema.AttrType;
import dev.sluice.rdmaproxy.abi.UverbsSchema.Method;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class EfaSchemaTest {

    @Test
    void efaAddsOnlyTheMrQueryToACoreObject() {
        assertEquals(1, EfaSchema.METHODS.size(), "one efa method");
        Method m = EfaSchema.METHODS.get(0);
        assertEquals(
                new UverbsMethods.Key(
                        UverbsObjects.UVERBS_OBJECT_MR, EfaIds.EFA_IB_METHOD_MR_QUERY),
                m.key(),
                "EFA_IB_METHOD_MR_QUERY on UVERBS_OBJECT_MR");
        assertFalse(
                UverbsSchema.CORE_BY_KEY.containsKey(m.key()), "not a core (object, method) pair");
        for (Attr a : m.attrs()) {
            assertTrue(
                    a.id() >= UverbsIoctl.UVERBS_UDATA_DRIVER_DATA_FLAG,
                    a.name() + " is a driver id");
            assertTrue(a.mandatory(), a.name() + " is mandatory (UA_MANDATORY)");
        }
    }

    @Test
    void mrQueryReadsTheCallersMrAndReturnsFourU16s() {
        Method m = EfaSchema.METHODS.get(0);
        Attr handle = m.attr(EfaIds.EFA_IB_ATTR_QUERY_MR_HANDLE).orElseThrow();
        assertEquals(
                List.of(AttrType.IDR, UverbsObjects.UVERBS_OBJECT_MR, Access.READ),
                List.of(handle.type(), handle.objectType(), handle.access()),
                "the MR by handle, read access");
        List<Attr> outs = m.attrs().stream().filter(a -> a.type() == AttrType.PTR_OUT).toList();
        assertEquals(4, outs.size(), "validity and three interconnect ids");
        for (Attr a : outs) {
            assertEquals(
                    List.of(2, 2),
                    List.of(a.minLen(), a.len()),
                    a.name() + " is UVERBS_ATTR_TYPE(u16)");
        }
        assertEquals(5, m.attrs().size(), "nothing else");
    }
}
