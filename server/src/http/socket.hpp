#pragma once
// A server connection's TCP socket, with the one read Asio does not offer: wait for epoll's word
// that bytes arrived before trying to read.
//
// Asio tries every read at once and waits for epoll only when that attempt finds nothing. On a
// keep-alive connection whose answer was just written, the attempt nearly always finds nothing:
// the client has not had the answer yet. That is a failed recv per request, a third of the
// server's system calls on the hot path, and system calls are where its time goes
// (docs/benchmarks.md). nginx skips the same read (its `rev->ready = 0` after a short read).
//
// Asio registers sockets edge-triggered, and an edge that arrives while no read is queued is
// consumed without effect. So waiting without a first attempt is only correct when no edge can
// have been consumed since the socket was last drained; see Socket::async_read.
//
// This is built on Asio's detail API (reactor_op, epoll_reactor::start_op of Boost 1.81): a Boost
// upgrade must recheck that start_op still makes its attempt through the op's perform function
// and queues the op without a system call when that declines.
#include <boost/asio/async_result.hpp>
#include <boost/asio/detail/reactor.hpp>
#include <boost/asio/detail/reactor_op.hpp>
#include <boost/asio/detail/socket_ops.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/recycling_allocator.hpp>
#include <memory>
#include <utility>

namespace perch::http {

namespace detail {

// The reactor operation behind Socket::async_read. Its life is Asio's: the reactor completes it
// (done, cancelled or closed) or, when the io_context is destroyed first, destroys it with a null
// owner.
template <class Handler>
class SocketReadOp : public boost::asio::detail::reactor_op {
    using Base = boost::asio::detail::reactor_op;
    using Alloc = boost::asio::recycling_allocator<SocketReadOp>;

  public:
    struct Params {
        int fd;
        boost::asio::mutable_buffer buffer;
        bool wait_first;  // decline the attempt the reactor makes at start
        bool* drained;    // the socket's flag, set at completion
    };

    static SocketReadOp* make(Params params, Handler handler) {
        Alloc alloc;
        auto* memory = std::allocator_traits<Alloc>::allocate(alloc, 1);
        return std::construct_at(memory, params, std::move(handler));
    }

    SocketReadOp(Params params, Handler handler)
        : Base(boost::system::error_code{}, &perform_read, &complete),
          params_(params),
          handler_(std::move(handler)) {}

    // Called once the reactor holds the op: every attempt after this answers a readiness event.
    void queued() { queued_ = true; }

  private:
    static status perform_read(Base* base) {
        auto* op = static_cast<SocketReadOp*>(base);
        if (!op->queued_ && op->params_.wait_first) return not_done;
        op->from_event_ = op->queued_;
        namespace ops = boost::asio::detail::socket_ops;
        auto buffer = op->params_.buffer;
        bool finished = ops::non_blocking_recv1(op->params_.fd, buffer.data(), buffer.size(), 0,
                                                true, op->ec_, op->bytes_transferred_);
        return finished ? done : not_done;
    }

    static void complete(void* owner, boost::asio::detail::operation* base,
                         const boost::system::error_code& /*unused*/, std::size_t /*unused*/) {
        auto* op = static_cast<SocketReadOp*>(base);
        auto handler = std::move(op->handler_);
        auto ec = op->ec_;
        auto bytes = op->bytes_transferred_;
        // An event's read is completed by the reactor as it handles the event (the first op it
        // finishes is completed in place), so nothing ran between the recv and this.
        bool drained = op->from_event_ && !ec && bytes < op->params_.buffer.size();
        bool* drained_flag = op->params_.drained;
        Alloc alloc;
        std::destroy_at(op);
        std::allocator_traits<Alloc>::deallocate(alloc, op, 1);
        if (!owner) return;  // the io_context is being destroyed: drop the handler unrun
        *drained_flag = drained;
        std::move(handler)(ec, bytes);
    }

    Params params_;
    bool queued_ = false;
    bool from_event_ = false;
    Handler handler_;
};

}  // namespace detail

class Socket : public boost::asio::ip::tcp::socket {
  public:
    explicit Socket(boost::asio::io_context& context)
        : boost::asio::ip::tcp::socket(context),
          reactor_(&boost::asio::use_service<boost::asio::detail::reactor>(context)) {}

    // Reads some bytes into `buffer`, completing with (error_code, bytes) like async_read_some,
    // and cancelled by cancel() and close() like it. With `wait_first` it makes no attempt
    // until epoll reports the socket readable. That is correct only when drained() was true
    // after the last read and the caller has not suspended since: then every byte that came
    // after that read raised an edge still waiting in epoll. One operation at a time: a read
    // completed from an event is then the first the reactor finishes, which it completes in
    // place.
    template <class Token>
    auto async_read(boost::asio::mutable_buffer buffer, bool wait_first, Token&& token) {
        return boost::asio::async_initiate<Token, void(boost::system::error_code, std::size_t)>(
            [this, buffer, wait_first](auto handler) {
                using Op = detail::SocketReadOp<std::decay_t<decltype(handler)>>;
                auto& impl = impl_.get_implementation();
                drained_ = false;
                auto* op =
                    Op::make({impl.socket_, buffer, wait_first, &drained_}, std::move(handler));
                reactor_->start_op(boost::asio::detail::reactor::read_op, impl.socket_,
                                   impl.reactor_data_, op, false, true);
                // start_op may have completed the op (data was there, or the socket is closed),
                // but only by posting it: a context is run by one thread (ContextPool), so it is
                // still alive until we return.
                op->queued();
            },
            token);
    }

    // True when the last read emptied the socket (returned less than it asked for) while the
    // reactor handled a readiness event, and the caller has not said it suspended since: then
    // no edge has been consumed unseen.
    bool drained() const { return drained_; }
    // The caller is about to suspend on something other than this socket's read: the reactor
    // may run and consume an edge while no read is queued.
    void forget_drained() { drained_ = false; }

  private:
    boost::asio::detail::reactor* reactor_;
    bool drained_ = false;
};

}  // namespace perch::http
