/*
 * sluice-rdma-write: RDMA WRITE between two RC queue pairs of one device, with the bytes checked.
 *
 *   sluice-rdma-write -d DEV [-g GID_INDEX] [-n WRITES] [-s BYTES]
 *
 * Registers three buffers (src, dst, back), creates two RC QPs on DEV and connects them to each
 * other (loopback: the remote GID is the device's own, GID_INDEX, RoCE), then:
 *   1. QP a posts WRITES RDMA WRITEs of BYTES each, src -> dst, every one signaled;
 *   2. QP b posts the same number back, dst -> back;
 * polls every completion (status and opcode checked) and compares dst and back with src, whose
 * blocks each carry a different pattern, and checks that the guard bytes after them are untouched.
 *
 * Prints one machine-readable line and exits 0 on success:
 *   rdma_write result=ok writes=N bytes=B setup_us=... write_us=... mb_per_s=... list_us=... open_us=...
 * or "rdma_write result=fail step=STEP error=..." and exits 1. The *_us fields time each verb (and
 * setup_us everything from opening the device to both QPs in RTS, the connection setup), so that
 * the same binary run natively and in a sandbox shows what mediation adds per verb.
 */
#include <errno.h>
#include <getopt.h>
#include <infiniband/verbs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define GUARD		64 /* bytes after the written area that must stay as they were */
#define GUARD_BYTE	0x5a
#define MAX_OUTSTANDING 16 /* signaled writes in flight per QP */
#define POLL_SECONDS	60

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static _Noreturn void die(const char *step, const char *what)
{
	printf("rdma_write result=fail step=%s error=%s\n", step, what);
	fflush(stdout);
	exit(1);
}

static _Noreturn void die_errno(const char *step, int err)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "errno_%d_%s", err, strerrorname_np(err) ? strerrorname_np(err) : "unknown");
	die(step, buf);
}

/* Timed verbs: T(name, expr) stores the elapsed microseconds of expr in the field name_us. */
static struct {
	double list, open, query_port, query_gid, pd, mr, cq, qp, init, rtr, rts, write, teardown;
} t;
#define T(field, expr)                                                                                                 \
	({                                                                                                             \
		double t0_ = now_us();                                                                                 \
		__typeof__(expr) r_ = (expr);                                                                          \
		t.field += now_us() - t0_;                                                                             \
		r_;                                                                                                    \
	})

/* Block i of a buffer: bytes that differ per block and per offset, never all equal. */
static void fill(uint8_t *p, size_t bytes, int block)
{
	for (size_t i = 0; i < bytes; i++)
		p[i] = (uint8_t)(block * 131 + i * 7 + (i >> 8) + 1);
}

static void to_init(struct ibv_qp *qp, const char *step)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_INIT,
		.pkey_index = 0,
		.port_num = 1,
		.qp_access_flags = IBV_ACCESS_REMOTE_WRITE,
	};
	int r = T(init, ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS));

	if (r)
		die_errno(step, r);
}

static void to_rtr(struct ibv_qp *qp, uint32_t remote_qpn, const union ibv_gid *gid, int gid_index, enum ibv_mtu mtu,
		   const char *step)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTR,
		.path_mtu = mtu,
		.dest_qp_num = remote_qpn,
		.rq_psn = 0,
		.max_dest_rd_atomic = 1,
		.min_rnr_timer = 12,
		.ah_attr = {
			.is_global = 1,
			.grh = { .dgid = *gid, .sgid_index = gid_index, .hop_limit = 1 },
			.dlid = 0,
			.sl = 0,
			.port_num = 1,
		},
	};
	int r = T(rtr, ibv_modify_qp(qp, &a,
				     IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
					     IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER));

	if (r)
		die_errno(step, r);
}

static void to_rts(struct ibv_qp *qp, const char *step)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTS,
		.timeout = 14,
		.retry_cnt = 7,
		.rnr_retry = 7,
		.sq_psn = 0,
		.max_rd_atomic = 1,
	};
	int r = T(rts, ibv_modify_qp(qp, &a,
				     IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY |
					     IBV_QP_SQ_PSN | IBV_QP_MAX_QP_RD_ATOMIC));

	if (r)
		die_errno(step, r);
}

/* Posts n signaled RDMA WRITEs of size bytes from local to remote on qp and waits for all of them. */
static void write_all(struct ibv_qp *qp, struct ibv_cq *cq, struct ibv_mr *local, struct ibv_mr *remote, int n,
		      size_t size, const char *step)
{
	int posted = 0, done = 0;
	double deadline = now_us() + POLL_SECONDS * 1e6;

	while (done < n) {
		while (posted < n && posted - done < MAX_OUTSTANDING) {
			struct ibv_sge sge = {
				.addr = (uintptr_t)local->addr + (uint64_t)posted * size,
				.length = size,
				.lkey = local->lkey,
			};
			struct ibv_send_wr wr = {
				.wr_id = posted,
				.sg_list = &sge,
				.num_sge = 1,
				.opcode = IBV_WR_RDMA_WRITE,
				.send_flags = IBV_SEND_SIGNALED,
				.wr.rdma = {
					.remote_addr = (uintptr_t)remote->addr + (uint64_t)posted * size,
					.rkey = remote->rkey,
				},
			}, *bad;
			int r = ibv_post_send(qp, &wr, &bad);

			if (r)
				die_errno(step, r);
			posted++;
		}
		struct ibv_wc wc[MAX_OUTSTANDING];
		int got = ibv_poll_cq(cq, MAX_OUTSTANDING, wc);

		if (got < 0)
			die(step, "ibv_poll_cq_failed");
		for (int i = 0; i < got; i++) {
			if (wc[i].status != IBV_WC_SUCCESS)
				die(step, ibv_wc_status_str(wc[i].status));
			if (wc[i].opcode != IBV_WC_RDMA_WRITE)
				die(step, "unexpected_completion_opcode");
			if (wc[i].wr_id != (uint64_t)done)
				die(step, "completion_out_of_order");
			done++;
		}
		if (!got && now_us() > deadline)
			die(step, "timeout_waiting_for_completions");
	}
}

static void check(const uint8_t *got, const uint8_t *want, int n, size_t size, const char *what)
{
	for (int b = 0; b < n; b++) {
		const uint8_t *g = got + (size_t)b * size, *w = want + (size_t)b * size;

		if (memcmp(g, w, size) != 0) {
			char buf[96];
			size_t i = 0;

			while (g[i] == w[i])
				i++;
			snprintf(buf, sizeof(buf), "block_%d_byte_%zu_is_0x%02x_not_0x%02x", b, i, g[i], w[i]);
			die(what, buf);
		}
	}
	for (size_t i = 0; i < GUARD; i++)
		if (got[(size_t)n * size + i] != GUARD_BYTE)
			die(what, "guard_bytes_overwritten");
}

int main(int argc, char **argv)
{
	const char *name = NULL;
	int gid_index = 0, n = 64, c;
	size_t size = 65536;

	while ((c = getopt(argc, argv, "d:g:n:s:")) != -1) {
		switch (c) {
		case 'd':
			name = optarg;
			break;
		case 'g':
			gid_index = atoi(optarg);
			break;
		case 'n':
			n = atoi(optarg);
			break;
		case 's':
			size = strtoul(optarg, NULL, 10);
			break;
		default:
			fprintf(stderr, "usage: %s -d DEV [-g GID_INDEX] [-n WRITES] [-s BYTES]\n", argv[0]);
			return 2;
		}
	}
	if (!name || n <= 0 || size == 0) {
		fprintf(stderr, "usage: %s -d DEV [-g GID_INDEX] [-n WRITES] [-s BYTES]\n", argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);

	size_t len = (size_t)n * size + GUARD;
	uint8_t *src = aligned_alloc(4096, (len + 4095) & ~(size_t)4095);
	uint8_t *dst = aligned_alloc(4096, (len + 4095) & ~(size_t)4095);
	uint8_t *back = aligned_alloc(4096, (len + 4095) & ~(size_t)4095);

	if (!src || !dst || !back)
		die("alloc", "out_of_memory");
	for (int b = 0; b < n; b++)
		fill(src + (size_t)b * size, size, b);
	memset(src + (size_t)n * size, GUARD_BYTE, GUARD);
	memset(dst, 0, len);
	memset(back, 0, len);
	memset(dst + (size_t)n * size, GUARD_BYTE, GUARD);
	memset(back + (size_t)n * size, GUARD_BYTE, GUARD);

	int num;
	struct ibv_device **list = T(list, ibv_get_device_list(&num)), *dev = NULL;

	if (!list)
		die_errno("get_device_list", errno);
	for (int i = 0; i < num; i++)
		if (strcmp(ibv_get_device_name(list[i]), name) == 0)
			dev = list[i];
	if (!dev)
		die("get_device_list", "no_such_device");

	double setup0 = now_us();
	struct ibv_context *ctx = T(open, ibv_open_device(dev));

	if (!ctx)
		die_errno("open_device", errno);
	struct ibv_port_attr port;
	union ibv_gid gid;

	if (T(query_port, ibv_query_port(ctx, 1, &port)))
		die_errno("query_port", errno);
	if (port.state != IBV_PORT_ACTIVE)
		die("query_port", "port_not_active");
	if (T(query_gid, ibv_query_gid(ctx, 1, gid_index, &gid)))
		die_errno("query_gid", errno);

	struct ibv_pd *pd = T(pd, ibv_alloc_pd(ctx));

	if (!pd)
		die_errno("alloc_pd", errno);
	int acc = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE;
	struct ibv_mr *mr_src = T(mr, ibv_reg_mr(pd, src, len, IBV_ACCESS_LOCAL_WRITE));
	struct ibv_mr *mr_dst = T(mr, ibv_reg_mr(pd, dst, len, acc));
	struct ibv_mr *mr_back = T(mr, ibv_reg_mr(pd, back, len, acc));

	if (!mr_src || !mr_dst || !mr_back)
		die_errno("reg_mr", errno);

	struct ibv_cq *cq_a = T(cq, ibv_create_cq(ctx, 2 * MAX_OUTSTANDING, NULL, NULL, 0));
	struct ibv_cq *cq_b = T(cq, ibv_create_cq(ctx, 2 * MAX_OUTSTANDING, NULL, NULL, 0));

	if (!cq_a || !cq_b)
		die_errno("create_cq", errno);
	struct ibv_qp_init_attr qia = {
		.qp_type = IBV_QPT_RC,
		.sq_sig_all = 0,
		.cap = { .max_send_wr = MAX_OUTSTANDING, .max_recv_wr = 1, .max_send_sge = 1, .max_recv_sge = 1 },
	};
	qia.send_cq = qia.recv_cq = cq_a;
	struct ibv_qp *qp_a = T(qp, ibv_create_qp(pd, &qia));

	qia.send_cq = qia.recv_cq = cq_b;
	struct ibv_qp *qp_b = T(qp, ibv_create_qp(pd, &qia));

	if (!qp_a || !qp_b)
		die_errno("create_qp", errno);
	to_init(qp_a, "modify_qp_init");
	to_init(qp_b, "modify_qp_init");
	to_rtr(qp_a, qp_b->qp_num, &gid, gid_index, port.active_mtu, "modify_qp_rtr");
	to_rtr(qp_b, qp_a->qp_num, &gid, gid_index, port.active_mtu, "modify_qp_rtr");
	to_rts(qp_a, "modify_qp_rts");
	to_rts(qp_b, "modify_qp_rts");
	double setup = now_us() - setup0;

	double w0 = now_us();
	write_all(qp_a, cq_a, mr_src, mr_dst, n, size, "write_a_to_b");
	write_all(qp_b, cq_b, mr_dst, mr_back, n, size, "write_b_to_a");
	t.write = now_us() - w0;
	check(dst, src, n, size, "verify_dst");
	check(back, src, n, size, "verify_back");

	double d0 = now_us();
	if (ibv_destroy_qp(qp_a) || ibv_destroy_qp(qp_b))
		die_errno("destroy_qp", errno);
	if (ibv_destroy_cq(cq_a) || ibv_destroy_cq(cq_b))
		die_errno("destroy_cq", errno);
	if (ibv_dereg_mr(mr_src) || ibv_dereg_mr(mr_dst) || ibv_dereg_mr(mr_back))
		die_errno("dereg_mr", errno);
	if (ibv_dealloc_pd(pd))
		die_errno("dealloc_pd", errno);
	if (ibv_close_device(ctx))
		die_errno("close_device", errno);
	t.teardown = now_us() - d0;
	ibv_free_device_list(list);

	double bytes = 2.0 * n * size;
	printf("rdma_write result=ok writes=%d bytes=%.0f setup_us=%.0f write_us=%.0f mb_per_s=%.2f"
	       " list_us=%.0f open_us=%.0f query_port_us=%.0f query_gid_us=%.0f pd_us=%.0f mr_us=%.0f cq_us=%.0f"
	       " qp_us=%.0f init_us=%.0f rtr_us=%.0f rts_us=%.0f teardown_us=%.0f\n",
	       2 * n, bytes, setup, t.write, bytes / t.write, t.list, t.open, t.query_port, t.query_gid, t.pd, t.mr / 3,
	       t.cq / 2, t.qp / 2, t.init / 2, t.rtr / 2, t.rts / 2, t.teardown);
	free(src);
	free(dst);
	free(back);
	return 0;
}
